/** docs/product-spec.md §2: the sidebar keeps its current entry this far from its top and bottom edges. */
export const SIDEBAR_SCROLL_OFFSETS = { top: 50, bottom: 100 } as const;

interface ScrollView {
  scrollTop: number;
  height: number;
}

interface ItemBox {
  /** Distance from the top of the scrolled content. */
  top: number;
  height: number;
}

/**
 * The scroll position that brings `item` into view with the offsets (clamped at 0), or null
 * when it is already far enough inside. Scrolls up when it is too high, down when too low.
 */
export function scrollTopToReveal(
  view: ScrollView,
  item: ItemBox,
  offsets: { top: number; bottom: number } = SIDEBAR_SCROLL_OFFSETS,
): number | null {
  if (item.top - offsets.top < view.scrollTop) return Math.max(0, item.top - offsets.top);
  const bottom = item.top + item.height + offsets.bottom;
  if (bottom > view.scrollTop + view.height) return bottom - view.height;
  return null;
}

/** Scrolls `scroller` (the sidebar) so that `item` is in view with the offsets. */
export function revealInScroller(scroller: HTMLElement, item: HTMLElement): void {
  const box = scroller.getBoundingClientRect();
  const itemBox = item.getBoundingClientRect();
  const next = scrollTopToReveal(
    { scrollTop: scroller.scrollTop, height: scroller.clientHeight },
    { top: itemBox.top - box.top + scroller.scrollTop, height: itemBox.height },
  );
  if (next !== null) scroller.scrollTop = next;
}
