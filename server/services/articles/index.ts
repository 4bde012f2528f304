/**
 * The articles feature's public face: routes, jobs, scripts and other features import this file,
 * never a file inside the folder (the architecture test checks it).
 * Articles and the blog: admin writing, public reading, blog and sitemap pages, the seeded demo articles.
 */
export * from './articleService';
export * from './blogPages';
export * from './demoArticles';
