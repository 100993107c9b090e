// A plain static server for the end-to-end tests: no CORS headers, no rewrites, as a course author's host might
// be. It listens on three ports, which are three origins, each serving the same folders:
//   /            → dist/           (the built app and embed routes)
//   /sub/dir/    → dist/           (the same build under a sub-path)
//   /hosts/      → tests/e2e/hosts (host pages that embed the figure)
//   /examples/   → examples/, with dist/ as /examples/figure/ (as the example's comment tells authors to copy it)
//   /bench/      → bench/dist/     (the benchmark's reference pages)
//   /transcripts/ → tests/fixtures/transcripts (transcripts for ?transcript= links)
//   /private/     → examples/, to a logged-in session only: a request without the cookie alf-session is redirected
//                   (303) to /login/, a web page, as a course site behind a login (Moodle's pluginfile.php) answers
// DIST=<folder> serves another build in place of dist/ (the benchmark's before/after runs).
// Usage: node scripts/serve.mjs [firstPort]   (default 4173: ports 4173, 4174, 4175)
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const dist = resolve(process.env.DIST ?? join(root, "dist"));
const mounts = [
  ["/private/", join(root, "examples")],
  ["/sub/dir/", dist],
  ["/hosts/", join(root, "tests/e2e/hosts")],
  ["/examples/figure/", dist],
  ["/examples/", join(root, "examples")],
  ["/bench/", join(root, "bench/dist")],
  ["/transcripts/", join(root, "tests/fixtures/transcripts")],
  ["/", dist],
];
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
};

function fileFor(pathname) {
  for (const [prefix, folder] of mounts) {
    if (!pathname.startsWith(prefix)) continue;
    const relative = normalize(decodeURIComponent(pathname.slice(prefix.length)) || "index.html");
    if (relative.startsWith("..")) return null;
    let file = join(folder, relative);
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      if (statSync(file).isFile()) return file;
    } catch {
      return null;
    }
  }
  return null;
}

const LOGIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log in to the site</title></head>
<body><h1>Log in to the site</h1><form><label>Username <input name="username"></label></form></body></html>`;

const first = Number(process.argv[2] ?? 4173);
for (const port of [first, first + 1, first + 2]) {
  createServer((request, response) => {
    let file = null;
    try {
      file = fileFor(new URL(request.url ?? "/", "http://localhost").pathname);
    } catch {
      file = null;
    }
    if (request.url === "/favicon.ico") {
      response.writeHead(204).end(); // browsers ask every origin for one; the host pages have none
      return;
    }
    if (request.url?.startsWith("/login/")) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(LOGIN_PAGE);
      return;
    }
    if (request.url?.startsWith("/private/") && !/(^|;\s*)alf-session=/.test(request.headers.cookie ?? "")) {
      response.writeHead(303, { location: "/login/" }).end();
      return;
    }
    if (file === null) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  }).listen(port, "127.0.0.1");
}
console.log(`serving on http://127.0.0.1:${first}/ , :${first + 1} and :${first + 2}`);
