/**
 * A small built-in sitemap for a first look: twelve URLs with the mistakes
 * real sitemaps often have, so the problems panel and its fixes have
 * something to show. It goes through the same import as a user's file.
 */
const SAMPLE_SITEMAP_NAME = 'sample-sitemap.xml';

const SAMPLE_SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://www.example.com/</loc>
    <lastmod>2024-05-08</lastmod>
    <changefreq>daily</changefreq>
    <priority>1.0</priority>
  </url>
  <url>
    <loc>https://www.example.com/about</loc>
    <lastmod>2023/01/05</lastmod>
    <priority>0.5</priority>
  </url>
  <url>
    <loc>https://www.example.com/blog/</loc>
    <lastmod>2024-05-01T09:30:00+02:00</lastmod>
    <changefreq>Daily</changefreq>
    <priority>0,8</priority>
  </url>
  <url>
    <loc>https://www.example.com/blog/first-post</loc>
    <lastmod>2024-03-12</lastmod>
    <changefreq>monthly</changefreq>
  </url>
  <url>
    <loc>https://www.example.com/blog/second-post</loc>
    <lastmod>2024-04-02</lastmod>
    <changefreq>monthly</changefreq>
  </url>
  <url>
    <loc>https://www.example.com/shop/</loc>
    <lastmod>2024-05-07</lastmod>
    <changefreq>weekly</changefreq>
    <priority>0.8</priority>
  </url>
  <url>
    <loc>https://www.example.com/shop/blue-mug</loc>
    <lastmod>2024-04-20</lastmod>
    <image:image>
      <image:loc>https://www.example.com/images/blue-mug.jpg</image:loc>
    </image:image>
  </url>
  <url>
    <loc>https://www.example.com/shop/red-teapot</loc>
    <lastmod>2024-04-21</lastmod>
    <image:image>
      <image:loc>https://www.example.com/images/red-teapot.jpg</image:loc>
    </image:image>
  </url>
  <url>
    <loc>https://www.example.com/shop/blue-mug</loc>
    <lastmod>2024-04-20</lastmod>
  </url>
  <url>
    <loc>https://www.example.com/contact#form</loc>
    <changefreq>yearly</changefreq>
  </url>
  <url>
    <loc>https://www.example.com/help/faq</loc>
    <lastmod>2024-02-29</lastmod>
    <changefreq>monthly</changefreq>
    <priority>0.3</priority>
  </url>
  <url>
    <loc>https://www.example.com/help/shipping?region=eu&amp;lang=en</loc>
    <lastmod>2024-01-15</lastmod>
    <changefreq>yearly</changefreq>
    <priority>0.3</priority>
  </url>
</urlset>
`;

/** The sample as the file a user would have chosen. */
export function sampleSitemapFile(): File {
  return new File([SAMPLE_SITEMAP], SAMPLE_SITEMAP_NAME, { type: 'application/xml' });
}
