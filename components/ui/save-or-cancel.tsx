import { buttonStyles } from "./styles";

/** The submit and cancel pair of an edit form; both wait while the change is saved. */
export function SaveOrCancel({ busy, label = "Save", onCancel }: { busy: boolean; label?: string; onCancel(): void }) {
  return (
    <>
      <button type="submit" className={buttonStyles.primary} disabled={busy}>
        {busy ? "Saving…" : label}
      </button>
      <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onCancel}>
        Cancel
      </button>
    </>
  );
}
