import { buttonStyles } from "./styles";

/** Previous / next buttons for cursor-paginated lists. */
export function Pager({
  page,
  hasNext,
  onPrevious,
  onNext,
  label,
}: {
  page: number;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
  label: string;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 pt-2">
      <button type="button" className={buttonStyles.secondary} onClick={onPrevious} disabled={page === 1}>
        Previous
      </button>
      <span className="text-sm text-slate-600">Page {page}</span>
      <button type="button" className={buttonStyles.secondary} onClick={onNext} disabled={!hasNext}>
        Next
      </button>
    </nav>
  );
}
