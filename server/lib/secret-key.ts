/**
 * The server's own key, kept outside the database: SECRET_KEY, or else a random key in
 * DATA_DIR/secret.key made on first use. It encrypts two-factor secrets (so a copy of the
 * database alone hands out no codes) and signs device cookies and unsubscribe links.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

export interface Keys {
  /** AES-256-GCM; the answer is iv.tag.ciphertext in base64url. */
  encrypt(plain: string): string;
  /** Null when the text was not made with this key (or was changed). */
  decrypt(sealed: string): string | null;
  /** HMAC-SHA256 in base64url. */
  sign(text: string): string;
  verify(text: string, signature: string): boolean;
  /** HMAC-SHA256 with a key of its own for `purpose` (so a signature made for one use is worth nothing in another). */
  signerFor(purpose: string): Signer;
}

export interface Signer {
  sign(text: string): string;
  verify(text: string, signature: string): boolean;
}

function signerWith(key: Buffer): Signer {
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    sign,
    verify(text, signature) {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

function keyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32).toString('base64');
    try {
      writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process made it first: use theirs.
    }
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
}

export function keysFor(config: Pick<Config, 'secretKey' | 'dataDir'>): Keys {
  const master = config.secretKey !== null ? Buffer.from(config.secretKey, 'utf8') : keyFile(config.dataDir);
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', master, 'musikerportalen', purpose, 32));
  const encryption = derive('two-factor-secret');
  const { sign, verify } = signerWith(derive('device-cookie'));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryption, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    decrypt(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryption, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    sign,
    verify,
    signerFor: (purpose) => signerWith(derive(`signing:${purpose}`)),
  };
}
