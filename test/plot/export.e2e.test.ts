import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeSharedChromium, launchChromium } from "../../src/plot/browser";
import { chromiumAvailable, chromiumPath, ChromiumNotFoundError } from "../../src/plot/chromium";
import { exportFigures, pinPdfDates } from "../../src/plot/export";
import { figuresToHtml, pixelGeometry } from "../../src/plot/html";
import { makeFigure } from "../../src/core/figure";
import { crc32, dpiToPixelsPerMeter, listPngChunks, readPngInfo, setPngDpi } from "../../src/plot/png";

const figure = makeFigure(
  "drift_demo",
  "Drift demo",
  [
    { type: "scatter", mode: "lines+markers", name: "agent A", x: [1, 2, 3, 4], y: [0.1, 0.4, 0.2, 0.5] },
    { type: "bar", name: "agent B", x: [1, 2, 3, 4], y: [0.3, 0.1, 0.25, 0.2] },
  ],
  { x: "round", y: "sentiment" },
);

// A 1x1 RGBA PNG (no pHYs) for the byte-level tests.
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

describe("png chunk surgery", () => {
  it("computes the PNG CRC-32 of a known chunk", () => {
    expect(crc32(new TextEncoder().encode("IEND"))).toBe(0xae426082);
  });
  it("300 DPI is 11811 pixels per metre", () => {
    expect(dpiToPixelsPerMeter(300)).toBe(11811);
    expect(dpiToPixelsPerMeter(72)).toBe(2835);
  });
  it("inserts a pHYs chunk right after IHDR with a valid CRC", () => {
    const out = setPngDpi(new Uint8Array(TINY_PNG), 300);
    const chunks = listPngChunks(out);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "pHYs", "IDAT", "IEND"]);
    const phys = chunks[1]!;
    const crcStored = new DataView(out.buffer, out.byteOffset).getUint32(phys.offset + 8 + 9);
    expect(crcStored).toBe(crc32(out.subarray(phys.offset + 4, phys.offset + 8 + 9)));
    const info = readPngInfo(out);
    expect(info).toMatchObject({ width: 1, height: 1, pixelsPerMeterX: 11811, pixelsPerMeterY: 11811, unit: 1, dpiX: 300 });
    // Re-stamping replaces rather than duplicates.
    const again = setPngDpi(out, 600);
    expect(listPngChunks(again).filter((c) => c.type === "pHYs")).toHaveLength(1);
    expect(readPngInfo(again).pixelsPerMeterX).toBe(23622);
  });
  it("rejects a non-PNG", () => {
    expect(() => listPngChunks(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow(/not a PNG/);
  });
});

describe("print geometry", () => {
  it("6.5 x 4 in at 300 DPI is 1950 x 1200 px from a 624 x 384 CSS layout", () => {
    expect(pixelGeometry({ widthIn: 6.5, heightIn: 4 }, 300)).toEqual({ cssWidth: 624, cssHeight: 384, pngWidth: 1950, pngHeight: 1200, scale: 3.125 });
  });
  it("finds a whole-pixel layout whose scaled size rounds to the exact raster size", () => {
    for (const [w, h] of [
      [3.33, 2.2],
      [7.1, 3.7],
      [5.55, 3.21],
      [3.5, 2.625],
    ] as const) {
      const g = pixelGeometry({ widthIn: w, heightIn: h }, 300);
      expect(Math.round(g.cssWidth * g.scale)).toBe(Math.round(w * 300));
      expect(Math.round(g.cssHeight * g.scale)).toBe(Math.round(h * 300));
      expect(Math.abs(g.cssWidth - w * 96)).toBeLessThanOrEqual(8);
    }
  });
  it("pins PDF dates without changing the length", () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n/CreationDate (D:20251129214700+00'00')\n/ModDate (D:20251129214700+00'00')");
    const pinned = new TextDecoder().decode(pinPdfDates(pdf));
    expect(pinned).toContain("/CreationDate (D:20000101000000+00'00')");
    expect(pinned).toContain("/ModDate (D:20000101000000+00'00')");
    expect(pinned.length).toBe(pdf.length);
  });
});

describe("self-contained HTML", () => {
  it("inlines plotly exactly once and embeds every figure's JSON", () => {
    const html = figuresToHtml([figure, { ...figure, name: "second", title: "Second </script> figure" }]);
    expect(html.match(/plotly\.js v\d+\.\d+\.\d+/g)).toHaveLength(1);
    expect(html).toContain('"agent A"');
    expect(html).toContain('id="figure-1"');
    expect(html).toContain('id="figure-2"');
    // A title containing </script> must not break out of the script element.
    expect(html).not.toContain("Second </script>");
  });
});

const haveChromium = chromiumAvailable();
if (!haveChromium) console.warn(`[test/plot/export] SKIPPED browser tests: no Chromium at ${chromiumPath()} (apt-get install chromium)`);

describe.skipIf(!haveChromium)("exportFigures in headless Chromium", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "consilium-export-"));
  afterAll(async () => {
    await closeSharedChromium();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes SVG, PDF, PNG (300 DPI at print size) and HTML", async () => {
    const files = await exportFigures([figure, { ...figure, name: "small", printSize: { widthIn: 3.3, heightIn: 2.5 } }], dir, {
      formats: ["svg", "pdf", "png", "html"],
      dpi: 300,
    });
    expect(files.map((f) => `${f.figure}.${f.format}`)).toEqual([
      "drift_demo.svg",
      "drift_demo.pdf",
      "drift_demo.png",
      "drift_demo.html",
      "small.svg",
      "small.pdf",
      "small.png",
      "small.html",
    ]);

    const svg = readFileSync(path.join(dir, "drift_demo.svg"), "utf8");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('width="624"');
    expect(svg).toContain("Drift demo");
    expect(svg).toContain("</svg>");
    // Parses as XML in the browser without a parsererror.
    const chrome = await launchChromium();
    try {
      const page = await (await chrome.newContext()).newPage();
      const parsedOk = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "image/svg+xml");
        return doc.getElementsByTagName("parsererror").length === 0 && doc.documentElement.nodeName === "svg";
      }, svg);
      expect(parsedOk).toBe(true);
    } finally {
      await chrome.close();
    }

    const pdf = readFileSync(path.join(dir, "drift_demo.pdf"));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdfText = pdf.toString("latin1");
    expect(pdfText.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    expect(pdfText).toMatch(/\/MediaBox\s*\[0 0 468 288\]/); // 6.5 x 4 in at 72 pt/in

    const png = readPngInfo(readFileSync(path.join(dir, "drift_demo.png")));
    expect(png).toMatchObject({ width: 1950, height: 1200, pixelsPerMeterX: 11811, pixelsPerMeterY: 11811, unit: 1 });
    const small = readPngInfo(readFileSync(path.join(dir, "small.png")));
    expect([small.width, small.height, small.pixelsPerMeterX]).toEqual([990, 750, 11811]);

    const html = readFileSync(path.join(dir, "drift_demo.html"), "utf8");
    expect(html.match(/plotly\.js v\d+\.\d+\.\d+/g)).toHaveLength(1);
    expect(html).toContain('"agent B"');
    expect(html).not.toMatch(/<script[^>]+src=/);
  });

  it("gives byte-identical files on a second export", async () => {
    const again = mkdtempSync(path.join(tmpdir(), "consilium-export2-"));
    try {
      await exportFigures([figure], again, { formats: ["svg", "png", "pdf"] });
      for (const ext of ["svg", "png", "pdf"]) {
        expect(readFileSync(path.join(again, `drift_demo.${ext}`)).equals(readFileSync(path.join(dir, `drift_demo.${ext}`)))).toBe(true);
      }
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it("fails with an install hint when Chromium is missing", async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    try {
      await expect(launchChromium()).rejects.toBeInstanceOf(ChromiumNotFoundError);
      await expect(launchChromium()).rejects.toThrow(/apt-get install chromium/);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });
});
