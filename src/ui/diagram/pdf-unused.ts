/*
 * Stands in for jsPDF's optional helpers (html2canvas, DOMPurify, canvg),
 * which it loads only for `doc.html()` and SVG-as-image: the board draws
 * its PDF through svg2pdf.js and never calls them, so they are not built
 * (about 380 KB the offline cache would hold for nothing). See vite.config.ts.
 */
const unused = (): never => {
  throw new Error('This part of jsPDF is not part of Sitemap Editor.');
};
export default unused;
