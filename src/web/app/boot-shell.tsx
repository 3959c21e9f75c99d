/**
 * The boot shell (issue 4, first paint on a slow network): the same markup index.html paints before
 * any JavaScript has arrived, rendered again by React while the first screen's chunk loads, so the
 * phone shows one steady frame instead of a white page and then a different spinner. Its styles
 * live in index.html (inline, so they apply before any stylesheet is fetched).
 */
export function BootShell() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot-bar">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Recovery Ops</span>
      </div>
      <div className="boot-body">
        <div className="boot-spin" role="progressbar" aria-label="Loading" />
      </div>
    </div>
  );
}
