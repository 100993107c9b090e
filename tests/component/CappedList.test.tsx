import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CappedList } from "../../src/app/CappedList";
import { runs } from "../../src/content";

describe("a long list on the chapter page (a large run's problems)", () => {
  it("mounts its first 25 items, and 25 more at each press, until all are shown", () => {
    const items = Array.from({ length: 60 }, (_, i) => `problem ${i + 1}`);
    render(<CappedList items={items} keyOf={(item) => item} render={(item) => item} showMore={runs.en.showMore} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(25);
    fireEvent.click(screen.getByRole("button", { name: "Show 25 more (35 not shown)" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(50);
    fireEvent.click(screen.getByRole("button", { name: "Show 10 more (10 not shown)" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(60);
    expect(screen.getByText("problem 60")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
