import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest does not unmount Testing Library renders by itself unless globals are on.
afterEach(cleanup);
