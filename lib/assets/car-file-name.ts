/** Characters no common file system takes in a name (Windows' set covers the others'), and controls. */
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
const MAX_NAME_LENGTH = 100;

/**
 * The file name a CAR download suggests, `<name>-<cid>.car`: the asset's name says what it is, the
 * CID which bytes it holds (two versions of one video are two files, not "car (1)"). The name is
 * made safe for any file system; an asset whose name leaves nothing is `asset`.
 */
export function carFileName(name: string, cid: string): string {
  const safe = [...name.replace(UNSAFE, "_").trim()].slice(0, MAX_NAME_LENGTH).join("");
  // Leading dots hide a file on Unix; trailing dots and spaces are dropped by Windows.
  const base = safe.replace(/^\.+/, "").replace(/[. ]+$/, "") || "asset";
  return `${base}-${cid}.car`;
}
