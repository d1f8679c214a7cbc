/**
 * Types of quadprog@1.6.1 (Goldfarb-Idnani dual method, a port of R's
 * quadprog), which ships none. Arrays are 1-based, as in the Fortran
 * original: index 0 is unused. The solver overwrites `Dmat` (with its
 * factor) and `dvec`.
 *
 *   minimise  1/2 b' D b - d' b   subject to   A' b >= b0,
 *   the first `meq` constraints (columns of A) being equalities.
 */
declare module "quadprog" {
  export interface QuadprogResult {
    /** The minimiser (1-based). */
    solution: number[];
    /** Lagrange multipliers per constraint (1-based; >= 0 for inequalities). */
    Lagrangian: number[];
    value: number[];
    /** Active constraints (1-based indices, 1-based array). */
    iact: number[];
    iterations: number[];
    /** "" on success, else why there is no solution. */
    message: string;
  }
  export function solveQP(Dmat: number[][], dvec: number[], Amat: number[][], bvec: number[], meq?: number, factorized?: number[]): QuadprogResult;
  const quadprog: { solveQP: typeof solveQP };
  export default quadprog;
}
