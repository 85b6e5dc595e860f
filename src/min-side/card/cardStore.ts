/**
 * The member card as last fetched, kept on the device so the card page shows it without a
 * network (logging out clears local storage, and the card with it).
 */
import { readSession } from '../../common/session.ts';
import type { MemberCardData } from '../api.ts';

const key = (memberId: number) => `memberCard:${memberId}`;

export interface StoredCard {
  card: MemberCardData;
  /** When it was fetched, ISO. */
  fetchedAt: string;
}

/** Keeps the card only while someone is signed in: an answer that comes after logging out leaves nothing behind. */
export function storeCard(memberId: number, card: MemberCardData): void {
  if (!readSession()) return;
  try {
    localStorage.setItem(key(memberId), JSON.stringify({ card, fetchedAt: new Date().toISOString() } satisfies StoredCard));
  } catch {
    // A full or disabled storage only costs the offline copy.
  }
}

export function storedCard(memberId: number): StoredCard | null {
  try {
    const raw = localStorage.getItem(key(memberId));
    return raw ? (JSON.parse(raw) as StoredCard) : null;
  } catch {
    return null;
  }
}

/** 31.12.2026 */
export const cardDate = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('.');
