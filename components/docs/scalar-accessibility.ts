/**
 * Mends what Scalar's API reference (@scalar/api-reference 1.72) gets wrong for screen readers and
 * keyboards, as it renders: none of it can be configured, and Scalar renders sections lazily, so an
 * observer applies each mend to what appears. Each mend skips what it already changed. Returns what
 * stops observing.
 */
export function mendScalarAccessibility(root: HTMLElement): () => void {
  const observer = new MutationObserver(() => mend(root));
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

function mend(root: HTMLElement) {
  // Its icon-only copy buttons have no name.
  root.querySelectorAll("button.scalar-code-copy:not([aria-label])").forEach((button) => button.setAttribute("aria-label", "Copy code"));
  // Its endpoint lists scroll sideways on phones but cannot be focused to scroll them with keys.
  root.querySelectorAll(".endpoints:not([tabindex])").forEach((list) => list.setAttribute("tabindex", "0"));

  // Its phone bar (the menu button and the name of the section in view) is a top-level <header>:
  // a second banner beside the page's own header, which is the page's banner. It becomes a plain
  // container. The section's name in it repeats, for the eye, the heading screen readers read in
  // place: hidden from them, rather than left the one text outside every landmark.
  root.querySelectorAll(".t-doc__header > header:not([role])").forEach((bar) => bar.setAttribute("role", "none"));
  root.querySelectorAll(".t-doc__header > header > span:not([aria-hidden])").forEach((name) => name.setAttribute("aria-hidden", "true"));

  // Each operation's example responses are a region named by its list of status codes (the card's
  // aria-labelledby wins over the aria-label "Example Responses" Scalar also gives it), so two
  // operations answering the same codes are two regions of one name. Named after their operation.
  root.querySelectorAll(".response-card[role='region'][aria-labelledby]").forEach((card) => {
    const headingId = card.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby");
    const operation = headingId && document.getElementById(headingId)?.textContent?.trim();
    if (!operation) return;
    card.setAttribute("aria-label", `Example responses: ${operation}`);
    card.removeAttribute("aria-labelledby");
  });
}
