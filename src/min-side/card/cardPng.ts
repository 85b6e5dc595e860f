/** The member card drawn as a 500 px wide PNG (a data URL), from the card's data and its QR canvas. */
import type { MemberCardData } from '../api.ts';
import { cardDate } from './cardStore.ts';

const WIDTH = 500;
const HEIGHT = 700;
const QR = 380;

export function cardPng(card: MemberCardData, qr: HTMLCanvasElement, labels: { memberNumber: string; validUntil: string }): string {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const g = canvas.getContext('2d')!;
  const font = (weight: number, size: number) => `${weight} ${size}px system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.fillStyle = '#1d3557';
  g.fillRect(0, 0, WIDTH, 64);
  g.fillStyle = '#ffffff';
  g.font = font(700, 24);
  g.textBaseline = 'middle';
  g.fillText(card.organisation, 24, 32, WIDTH - 48);
  g.fillStyle = '#1b1f24';
  g.textBaseline = 'alphabetic';
  g.font = font(700, 28);
  g.fillText(`${card.first_name} ${card.last_name}`, 24, 112, WIDTH - 48);
  g.font = font(400, 18);
  g.fillStyle = '#4a5560';
  g.fillText(labels.memberNumber, 24, 150);
  g.fillText(labels.validUntil, 260, 150);
  g.font = font(700, 24);
  g.fillStyle = '#1b1f24';
  g.fillText(String(card.member_number), 24, 180);
  g.fillText(cardDate(card.valid_until), 260, 180);
  g.imageSmoothingEnabled = false;
  g.drawImage(qr, (WIDTH - QR) / 2, 210, QR, QR);
  g.font = font(400, 14);
  g.fillStyle = '#4a5560';
  g.fillText(new URL(card.verify_url).host, 24, HEIGHT - 40, WIDTH - 48);
  return canvas.toDataURL('image/png');
}
