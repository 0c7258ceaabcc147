import { randomInt } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const LENGTH = 16;

/**
 * 16 characters, each equally likely. randomInt draws from a buffer it refills in large blocks, where
 * randomBytes asked the kernel on every call: a system call on the busiest write path.
 */
export function generatePlaybackId(): string {
  let id = "";
  for (let i = 0; i < LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export function isPlaybackId(value: string): boolean {
  return value.length === LENGTH && /^[0-9a-z]+$/.test(value);
}
