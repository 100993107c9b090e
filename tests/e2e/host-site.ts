/**
 * A course site made the way an author makes one, for the host specs (hosts-*.spec.ts) and the package spec: a
 * scratch folder, the site's files written in it, this checkout's package packed and installed with the site's own
 * dependencies, the site built and served, and all of it stopped and removed afterwards (`close`, in afterAll).
 * The package and dist/ come from `npm run build`, which runs before the end-to-end tests; nothing here rebuilds
 * them.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { expect } from "./fixtures";

/** This checkout. */
export const ROOT = resolve(import.meta.dirname, "../..");

/** The version of a package this checkout has installed (the site installs the same React). */
export const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;

/** Run a command to its end, `env` added to the environment; its output is returned (and shown when it fails). */
export const run = (
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): string =>
  execFileSync(command, [...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });

export interface HostSite {
  /** The scratch folder (the packed tarball goes here) and the site's own folder in it. */
  readonly work: string;
  readonly site: string;
  /** Write files, by path in the site, making their folders. */
  write(files: Readonly<Record<string, string>>): void;
  /** dist/ (the built figure) into the site, at `path`. */
  copyDist(path: string): void;
  /** This checkout's package as `npm pack` makes it (its tarball's path). */
  pack(): string;
  /** `npm install` these into the site, from npm's cache where it can. */
  install(packages: readonly string[]): void;
  /** A command in the site (`npx astro build`). */
  run(command: string, args: readonly string[]): string;
  /**
   * Start a server (a binary of the site's, or any command, with `env` added to the environment), check its port
   * was free, and wait for `url` to answer.
   */
  serve(command: string, args: readonly string[], url: string, env?: Readonly<Record<string, string>>): Promise<void>;
  /** Stop every server started and remove the scratch folder. */
  close(): void;
}

/** A new site, `name` naming its scratch folder; `env` is added to the environment of its commands and servers. */
export function hostSite(name: string, env: Readonly<Record<string, string>> = {}): HostSite {
  const work = mkdtempSync(join(tmpdir(), `alf-${name}-`));
  const site = join(work, "site");
  mkdirSync(site, { recursive: true });
  const servers: ChildProcess[] = [];
  return {
    work,
    site,
    write(files) {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(site, path)), { recursive: true });
        writeFileSync(join(site, path), text);
      }
    },
    copyDist(path) {
      cpSync(join(ROOT, "dist"), join(site, path), { recursive: true });
    },
    pack() {
      run("npm", ["pack", "--ignore-scripts", "--pack-destination", work], ROOT);
      const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
      if (tarball === undefined) throw new Error("npm pack made no tarball");
      return join(work, tarball);
    },
    install(packages) {
      run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...packages], site, env);
    },
    run: (command, args) => run(command, args, site, env),
    async serve(command, args, url, extra = {}) {
      const answered = () =>
        fetch(url).then(
          (response) => response.status,
          () => 0,
        );
      expect(await answered(), `${url} is taken before the site's server starts`).toBe(0);
      const bin = join(site, "node_modules", ".bin", command);
      const server = spawn(existsSync(bin) ? bin : command, [...args], {
        cwd: site,
        env: { ...process.env, ...env, ...extra },
        stdio: "ignore",
        detached: true,
      });
      servers.push(server);
      await expect.poll(answered, { timeout: 60_000 }).toBe(200);
    },
    close() {
      for (const server of servers) {
        if (server.pid === undefined) continue;
        try {
          process.kill(-server.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}
