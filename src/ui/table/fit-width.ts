/**
 * The width in px that shows the widest of these cells' content whole, as
 * drawn (the loc's origin hidden or not, badges, padding). Each cell is cloned
 * into a hidden box inside `host` (so the grid's styles apply) where it takes
 * its content's width; one layout measures them all.
 */
export function fitWidth(host: HTMLElement, cells: Iterable<HTMLElement>): number {
  const box = document.createElement('div');
  box.className = 'ut-measure';
  box.setAttribute('aria-hidden', 'true');
  for (const cell of cells) {
    const clone = cell.cloneNode(true) as HTMLElement;
    // The clones must not answer the grid's selectors or ARIA lookups.
    clone.removeAttribute('role');
    clone.removeAttribute('aria-colindex');
    clone.removeAttribute('id');
    clone.removeAttribute('style');
    box.appendChild(clone);
  }
  host.appendChild(box);
  let widest = 0;
  for (const child of box.children) widest = Math.max(widest, child.getBoundingClientRect().width);
  box.remove();
  return Math.ceil(widest);
}
