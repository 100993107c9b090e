/**
 * A SCORM 1.2 package of a figure: `imsmanifest.xml` at the root (one organization, one item, one SCO resource
 * of type `webcontent` whose `href` is the launch page, with `<adlcp:masteryscore>` when the figure asks
 * checkpoints) and every file the launch page needs, zipped. The launch page is an embed page marked
 * `data-scorm`, so it runs the same figure, offline, under the same strict Content Security Policy; a figure file
 * travels inside it, as a JSON data block (./figure-block.ts).
 */
import { strToU8, zipSync } from "fflate";
import { figureBlock } from "./figure-block";

/** The launch page's name in the package. */
export const LAUNCH_PAGE = "index.html";

export interface PackageInput {
  /** The package's identifier: letters, digits, `-` and `_`. */
  readonly id: string;
  /** The title the LMS shows for the course and its one item. */
  readonly title: string;
  /** The embed page to launch, as built (dist/embed.html or dist/embed-<code>.html). */
  readonly embedPage: string;
  /** What the launch page's container says: `data-scenario`, `data-figure`, `data-lang`. */
  readonly attributes: Readonly<Record<string, string>>;
  /** The mastery score (0–100) for a figure with checkpoints; null without. */
  readonly mastery: number | null;
  /** A figure file's text, carried in the launch page; null for a built-in scenario (`data-scenario`). */
  readonly figureFile: string | null;
  /** Every other file, by its path in the package. */
  readonly files: Readonly<Record<string, Uint8Array>>;
}

const xml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The manifest, written as SCORM 1.2's content packaging has it (the `adlcp:` prefix written out, as LMSs read it).
 * No `xsi:schemaLocation`: it would name schema files (imscp_rootv1p1p2.xsd, adlcp_rootv1p2.xsd) the package does
 * not carry; the namespaces alone are what LMSs read.
 */
export function manifest(input: Pick<PackageInput, "id" | "title" | "mastery">, files: readonly string[]): string {
  const mastery = input.mastery === null ? "" : `\n        <adlcp:masteryscore>${input.mastery}</adlcp:masteryscore>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(input.id)}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="organization">
    <organization identifier="organization">
      <title>${xml(input.title)}</title>
      <item identifier="item" identifierref="figure" isvisible="true">
        <title>${xml(input.title)}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="figure" type="webcontent" adlcp:scormtype="sco" href="${LAUNCH_PAGE}">
${files.map((file) => `      <file href="${xml(file)}"/>`).join("\n")}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * The launch page: the embed page, its container marked `data-scorm` (and the mastery score, the scenario or the
 * figure file), titled for the LMS.
 * @throws {Error} when the embed page has no container to mark.
 */
export function launchPage(
  input: Pick<PackageInput, "embedPage" | "attributes" | "mastery" | "title" | "figureFile">,
): string {
  const container = /<div id="alf-embed"([^>]*)>/;
  const match = container.exec(input.embedPage);
  if (match === null) throw new Error("the embed page has no #alf-embed container");
  const given = {
    ...input.attributes,
    scorm: "",
    ...(input.mastery === null ? {} : { mastery: String(input.mastery) }),
  };
  // The page's own attributes (its first frame's language) give way to the package's.
  const kept = (match[1] ?? "").replace(/\sdata-([a-z-]+)="[^"]*"/g, (whole, name: string) =>
    Object.hasOwn(given, name) ? "" : whole,
  );
  const attributes = Object.entries(given)
    .map(([name, value]) => ` data-${name}="${xml(value)}"`)
    .join("");
  const page = input.embedPage
    .replace(container, `<div id="alf-embed"${kept}${attributes}>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${xml(input.title)}</title>`);
  if (input.figureFile === null) return page;
  if (!page.includes("</body>")) throw new Error("the embed page has no </body> to put the figure file before");
  // A function as the replacement: the file's text is inserted as it is (a "$&" in it is no pattern).
  return page.replace("</body>", () => `${figureBlock(input.figureFile ?? "")}</body>`);
}

/** The package's zip: the manifest, the launch page and the files, each at its path. */
export function scormPackage(input: PackageInput): Uint8Array {
  const files: Record<string, Uint8Array> = {
    [LAUNCH_PAGE]: strToU8(launchPage(input)),
    ...input.files,
  };
  const names = Object.keys(files).sort((a, b) =>
    a === LAUNCH_PAGE ? -1 : b === LAUNCH_PAGE ? 1 : a.localeCompare(b),
  );
  // A fixed time, so that the same input makes the same bytes.
  const mtime = new Date("2026-01-01T00:00:00Z");
  return zipSync(
    {
      "imsmanifest.xml": [strToU8(manifest(input, names)), { mtime }],
      ...Object.fromEntries(names.map((name) => [name, [files[name] ?? new Uint8Array(), { mtime }]])),
    },
    { level: 9 },
  );
}
