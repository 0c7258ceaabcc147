import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const LENGTH = 16;
/** Largest multiple of 36 below 256: bytes above it are skipped so every character is equally likely. */
const UNBIASED_LIMIT = 252;

export function generatePlaybackId(): string {
  let id = "";
  while (id.length < LENGTH) {
    for (const byte of randomBytes(LENGTH * 2)) {
      if (byte < UNBIASED_LIMIT && id.length < LENGTH) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}

export function isPlaybackId(value: string): boolean {
  return value.length === LENGTH && /^[0-9a-z]+$/.test(value);
}
