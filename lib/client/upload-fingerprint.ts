/**
 * Identifies the same file chosen again by the same user, across reloads and browser restarts
 * (browsers give no stable file identity). JSON keeps names containing separators unambiguous.
 */
export function uploadFingerprint(file: File, userId: string): string {
  return JSON.stringify([userId, file.name, file.size, file.lastModified]);
}
