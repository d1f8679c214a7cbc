/**
 * Is a figure fit for a paper? Lays each figure out in headless Chromium at
 * its print size (as the export does) and reads back where plotly put every
 * piece of text: titles, axis titles, tick labels, legend entries and
 * annotations. A figure fails on text that overlaps other text, text cut by
 * the figure's edge, and numeric axes whose ticks are not round steps (1, 2,
 * 2.5 or 5 times a power of ten), the signs of a crowded or mis-sized layout.
 * Text inside the plot area that belongs to the data (heatmap cell values) is
 * not checked: it is meant to sit on the data.
 */
import type { Page } from "playwright-core";
import type { Figure } from "../core/index";
import type { ChromiumHandle } from "./browser";
import { openPlotlyPage } from "./export";
import { pixelGeometry, printSizeOf } from "./html";

/** One thing wrong with a figure's layout, said in words. */
export interface LayoutProblem {
  figure: string;
  kind: "overlap" | "clipped" | "ticks";
  detail: string;
}

/** A text box as the page measured it (CSS px, figure origin top left). */
interface TextBox {
  role: string;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Measured {
  width: number;
  height: number;
  boxes: TextBox[];
  /** Tick label texts per axis id ("x", "y2", ...). */
  ticks: Record<string, string[]>;
  error: string | null;
}

/**
 * Browser-side measurement, kept as plain JavaScript text (src/ has no DOM
 * types). Draws the figure at a fixed CSS size and returns every text box by
 * role; plotly's own SVG export is this same drawing.
 */
const MEASURE_SCRIPT = `(function(){
window.__consiliumMeasure=async function(inp){
  try{
    window.__consiliumSeed(inp.seed);
    var gd=document.getElementById("plot");
    Plotly.purge(gd);
    gd.style.width=inp.width+"px";gd.style.height=inp.height+"px";
    await Plotly.newPlot(gd,inp.data,inp.layout,{staticPlot:true,displayModeBar:false});
    await new Promise(function(r){requestAnimationFrame(function(){setTimeout(r,0);});});
    var origin=gd.getBoundingClientRect();
    var roles=[["g.g-gtitle text","title"],["g.g-xtitle text, g[class^='g-x'][class$='title'] text","x title"],["g.g-ytitle text, g[class^='g-y'][class$='title'] text","y title"],
      ["g[class^='x'][class$='tick'] text","x tick"],["g[class^='y'][class$='tick'] text","y tick"],["g.legend text.legendtext","legend"],["g.annotation text","annotation"],["g.colorbar text","colour bar"]];
    var seen=new Set();var boxes=[];
    roles.forEach(function(r){gd.querySelectorAll(r[0]).forEach(function(el){
      if(seen.has(el))return;seen.add(el);
      var t=(el.textContent||"").trim();if(!t)return;
      var b=el.getBoundingClientRect();if(b.width===0&&b.height===0)return;
      boxes.push({role:r[1],text:t.slice(0,60),x0:b.left-origin.left,y0:b.top-origin.top,x1:b.right-origin.left,y1:b.bottom-origin.top});
    });});
    var ticks={};
    gd.querySelectorAll("g[class$='tick']").forEach(function(g){
      var cls=(g.getAttribute("class")||"").split(" ")[0];if(!/^[xy][0-9]*tick$/.test(cls))return;
      var axis=cls.replace(/tick$/,"");
      var t=(g.textContent||"").trim();if(!axis||!t)return;(ticks[axis]=ticks[axis]||[]).push(t);
    });
    return {width:inp.width,height:inp.height,boxes:boxes,ticks:ticks,error:null};
  }catch(e){return {width:0,height:0,boxes:[],ticks:{},error:String(e&&e.stack?e.stack:e)};}
};
})();`;

type PageGlobals = { __consiliumMeasure(input: unknown): Promise<Measured> };

/** Overlap of less than this many CSS px either way is anti-aliasing, not a collision. */
const OVERLAP_SLACK_PX = 1;
/** Text may reach this far past the figure's edge (glyph overhang) before it counts as cut. */
const CLIP_SLACK_PX = 0.5;

/**
 * Lay out every figure on one page of `chromium` and list what is wrong;
 * an empty list means every figure passed.
 * @example
 * const problems = await auditFigureLayouts(run.result.figures, await sharedChromium());
 * problems.map((p) => `${p.figure}: ${p.detail}`);
 */
export async function auditFigureLayouts(figures: readonly Figure[], chromium: ChromiumHandle): Promise<LayoutProblem[]> {
  const context = await chromium.newContext();
  try {
    const page = await openPlotlyPage(context.newPage());
    await page.addScriptTag({ content: MEASURE_SCRIPT });
    const problems: LayoutProblem[] = [];
    for (const figure of figures) problems.push(...layoutProblems(figure.name, await measure(page, figure)));
    return problems;
  } finally {
    await context.close();
  }
}

async function measure(page: Page, figure: Figure): Promise<Measured> {
  const geo = pixelGeometry(printSizeOf(figure), 300);
  const input = {
    data: figure.data,
    layout: { ...figure.layout, width: geo.cssWidth, height: geo.cssHeight, autosize: false },
    width: geo.cssWidth,
    height: geo.cssHeight,
    seed: 1,
  };
  const measured = await page.evaluate((inp) => (globalThis as unknown as PageGlobals).__consiliumMeasure(inp), input);
  if (measured.error) throw new Error(`figure ${figure.name}: plotly could not lay it out: ${measured.error}`);
  return measured;
}

/**
 * The problems of one measured layout: overlapping text boxes (tick labels of
 * one axis are compared too), text past the figure's edge, uneven or unround
 * numeric tick steps.
 * @example layoutProblems("f", { width: 100, height: 100, boxes: [{ role: "title", text: "T", x0: 90, y0: 0, x1: 120, y1: 10 }], ticks: {}, error: null })[0].kind // "clipped"
 */
export function layoutProblems(figure: string, m: Measured): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  for (const b of m.boxes) {
    if (b.x0 < -CLIP_SLACK_PX || b.y0 < -CLIP_SLACK_PX || b.x1 > m.width + CLIP_SLACK_PX || b.y1 > m.height + CLIP_SLACK_PX) {
      problems.push({ figure, kind: "clipped", detail: `${b.role} "${b.text}" reaches past the edge (${box(b)} in ${m.width}x${m.height})` });
    }
  }
  for (let i = 0; i < m.boxes.length; i++) {
    for (let j = i + 1; j < m.boxes.length; j++) {
      const a = m.boxes[i]!;
      const b = m.boxes[j]!;
      const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (dx > OVERLAP_SLACK_PX && dy > OVERLAP_SLACK_PX) {
        problems.push({ figure, kind: "overlap", detail: `${a.role} "${a.text}" (${box(a)}) overlaps ${b.role} "${b.text}" (${box(b)})` });
      }
    }
  }
  for (const [axis, labels] of Object.entries(m.ticks)) {
    const step = unevenTickStep(labels);
    if (step) problems.push({ figure, kind: "ticks", detail: `axis ${axis}: ticks ${labels.join(" / ")} ${step}` });
  }
  return problems;
}

function box(b: TextBox): string {
  return `${b.x0.toFixed(0)},${b.y0.toFixed(0)}..${b.x1.toFixed(0)},${b.y1.toFixed(0)}`;
}

/**
 * Why a numeric axis's tick labels are not a round, even progression, or
 * null when they are (or are not numbers: dates, categories). Round steps are
 * 1, 2, 2.5 and 5 times a power of ten.
 * @example unevenTickStep(["670", "961", "1253"]) // "step 291 is not 1, 2, 2.5 or 5 x 10^k"
 */
export function unevenTickStep(labels: readonly string[]): string | null {
  const values = labels.map(parseTickNumber);
  if (values.length < 2 || values.some((v) => v === null)) return null;
  const nums = values as number[];
  const steps = nums.slice(1).map((v, i) => v - nums[i]!);
  const step = steps[0]!;
  if (!(Math.abs(step) > 0)) return null;
  if (steps.some((s) => Math.abs(s - step) > Math.abs(step) * 0.02)) return `steps are uneven (${steps.map((s) => round6(s)).join(", ")})`;
  const mantissa = Math.abs(step) / 10 ** Math.floor(Math.log10(Math.abs(step)));
  const round = [1, 2, 2.5, 5, 10].some((r) => Math.abs(mantissa - r) < 0.02);
  return round ? null : `step ${round6(Math.abs(step))} is not 1, 2, 2.5 or 5 x 10^k`;
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** A tick label as a number ("−0.5", "20%", "$1,200", "1.5k"), or null when it is not one. */
function parseTickNumber(label: string): number | null {
  const cleaned = label.replace(/\u2212/g, "-").replace(/[,$%\s]/g, "");
  const m = /^(-?\d+(?:\.\d+)?)(k|M|G)?$/.exec(cleaned);
  if (!m) return null;
  const scale = m[2] === "k" ? 1e3 : m[2] === "M" ? 1e6 : m[2] === "G" ? 1e9 : 1;
  return Number(m[1]) * scale;
}
