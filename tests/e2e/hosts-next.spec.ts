import { docSnippet } from "./doc-snippets";
import { expect, test, untilHydrated } from "./fixtures";
import { type HostSite, hostSite, versionOf } from "./host-site";

// A course site on Next.js (App Router), as a course author makes it: the packed package installed into a minimal
// app, rendered from a page that is a server component (Next's default), under a base path, built with `next
// build` and served with `next start`. Slow (an npm install and a production build), so it runs once, serially.
test.describe.configure({ mode: "serial", timeout: 600_000 });

const NEXT = "16.4.6";
const PORT = 4330;
// create-next-app's default page's centred grid, here in the layout, around the page docs/embedding.md shows.
const LAYOUT = `import "./page.css";
export const metadata = { title: "A course on Next.js" };
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <main className="page">{children}</main>
      </body>
    </html>
  );
}
`;

// The page exactly as docs/embedding.md shows it: a server component (no "use client"); the package's own
// directive makes the figure a client one.
const PAGE = docSnippet("next-page");

// create-next-app's default page: a centred grid, whose items are as wide as their content.
const CSS = ".page { display: grid; justify-items: center; min-height: 100svh; }\n";

// next start forks its server: close() ends its whole process group.
let course: HostSite | undefined;
test.afterAll(() => course?.close());

test("Next.js App Router: a server component renders the figure under a base path; it steps, follows the site's theme, logs no error", async ({
  page,
}) => {
  const site = hostSite("next", { NEXT_TELEMETRY_DISABLED: "1" });
  course = site;
  site.write({
    "package.json": JSON.stringify({ name: "course-site", private: true, version: "0.0.0" }, null, 2),
    "next.config.mjs": 'export default { basePath: "/course" };\n',
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["dom", "dom.iterable", "esnext"],
        strict: true,
        noEmit: true,
        module: "esnext",
        moduleResolution: "bundler",
        jsx: "preserve",
        isolatedModules: true,
        skipLibCheck: true,
        plugins: [{ name: "next" }],
      },
      include: ["**/*.ts", "**/*.tsx"],
    }),
    "app/layout.tsx": LAYOUT,
    // Where the snippet says it goes.
    "app/lesson/page.tsx": PAGE,
    "app/page.css": CSS,
    // The site's own icon (as create-next-app's has), so the browser asks for no /favicon.ico outside the base path.
    "app/icon.svg":
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#4338ca"/></svg>\n',
  });
  site.install([
    site.pack(),
    `next@${NEXT}`,
    // As create-next-app's TypeScript template has them: next build refuses a TypeScript app without @types/node.
    ...["react", "react-dom", "typescript", "@types/node", "@types/react", "@types/react-dom"].map(
      (name) => `${name}@${versionOf(name)}`,
    ),
  ]);
  site.run("npx", ["next", "build"]);
  const url = `http://127.0.0.1:${PORT}/course/lesson`;
  // Nothing else may answer there (a server left over would serve another build).
  await site.serve("next", ["start", "-p", String(PORT)], url);

  // The server's HTML already holds the figure's first frame.
  expect(await (await fetch(url)).text()).toContain("alf-figure");
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  const figure = page.getByRole("region", { name: /F22/ });
  await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("2 / 8");
  // Keys pressed before hydration are lost (a busy machine can take seconds): wait until React owns the figure.
  await untilHydrated(figure);
  await figure.locator(".alf-step-title").click();
  await page.keyboard.press("ArrowRight");
  await expect(figure.locator(".alf-counter > [aria-hidden]")).toHaveText("3 / 8");
  // It takes a figure's width in the centred grid, not its content's.
  expect(await figure.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(900);
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  await expect(page.locator(".alf-root")).toHaveAttribute("data-theme", "dark");
  expect(errors).toEqual([]);
});
