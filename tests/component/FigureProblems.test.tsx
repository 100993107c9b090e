/**
 * A figure file that cannot be shown, as its readers meet it: in an embed (a course's learners), what happened comes
 * first and then, for the author, what to fix; where its author reads it (the chapter page, the viewer), only what
 * to fix. Both languages.
 */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import { FigureProblems } from "../../src/player";

const problems = [{ message: "expected a string", path: "scenario.task", line: 4, column: 25 }];

describe("a broken figure file's notice (issue 55)", () => {
  it.each([
    [
      "en",
      "This figure's file has mistakes in it, so it cannot be shown. Please let the course's author know.",
      "For the author: fix the file at these places, then load it again:",
    ],
    ["zh", "这张图的文件有错误，因此无法显示。请告诉课程的作者。", "给作者：请在下列位置修改文件，然后重新加载："],
  ] as const)(
    "in an embed (%s): the reader is told what happened, then the author what to fix",
    async (lang, reader, author) => {
      render(<FigureProblems text={catalogs[lang]} problems={problems} forReaders />);
      const alert = await screen.findByRole("alert");
      expect(alert.querySelectorAll("p")[0]?.textContent).toBe(reader);
      expect(alert.querySelectorAll("p")[1]?.textContent).toBe(author);
      expect(screen.getByRole("listitem").textContent).toContain("scenario.task");
    },
  );

  it("where its author reads it: only what to fix", async () => {
    render(<FigureProblems text={catalogs.en} problems={problems} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Fix the file at these places, then load it again:");
    expect(alert.textContent).not.toContain("course's author");
  });
});
