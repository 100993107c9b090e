/** What a course author would otherwise paste: Mermaid rendering the same eight steps, statically. */
import mermaid from "mermaid";

mermaid.initialize({ startOnLoad: false });
await mermaid.run({ querySelector: "#diagram" });
document.getElementById("diagram")?.classList.add("alf-figure");
