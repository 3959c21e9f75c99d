/**
 * Single-key shortcuts of the verification screen (issue 5 "keyboard shortcuts are a plus"): J / K
 * move through the list, A / R decide. A key counts only when nobody is typing, no modifier is held
 * and no dialog (photo viewer, drawer) is open, so the keys never steal text or act behind a popup.
 */
export function isShortcut(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return false;
  const target = e.target;
  if (target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return false;
  return !document.querySelector('[role="dialog"][data-state="open"]');
}
