;; Integer dot products for FinMem's retrieval pre-filter (src/finmem/retrieval/quantized.ts).
;;
;; dots(mat, q, out, rows, stride): for r in [0, rows)
;;   out[r] = sum_j mat[r * stride + j] * q[j]
;; with mat int8 (row-major, `stride` bytes per row, stride a multiple of 32),
;; q int16 (stride values) and out int32. Each 16-byte block of a row is
;; sign-extended to two i16x8 halves and multiplied with the matching query
;; halves by i32x4.dot_i16x8_s (pairwise products summed into i32 lanes).
;; Rows go two at a time so that each query block loaded serves both (the
;; query loads were two thirds of the loads), with two accumulators per row
;; to keep dependency chains in flight; an odd last row goes alone. Integer
;; sums are exact, so the order of the additions does not matter. The caller
;; scales q so that stride * 127 * max|q| < 2^31: no partial sum can overflow.
;;
;; dots_rows(mat, q, out, idx, count, stride): the same products for the rows
;; listed in idx (int32 row numbers, count of them), out[c] = row idx[c]'s product:
;; the pre-filter's second stage reads only the rows its norm bound keeps.
;; Rows go two at a time as in dots, each from its own address.
;;
;; Build: npm run build:wasm (wabt's wat2wasm, features: simd), which writes
;; src/finmem/retrieval/dot-i8-wasm.ts; test/finmem/retrieval-wasm.test.ts
;; checks that file against this source.
(module
  (memory (export "memory") 1)
  (func (export "dots")
    (param $mat i32) (param $q i32) (param $out i32) (param $rows i32) (param $stride i32)
    (local $p i32) (local $end i32) (local $qp i32) (local $r i32)
    (local $v v128) (local $w v128) (local $q0 v128) (local $q1 v128)
    (local $a0 v128) (local $a1 v128) (local $b0 v128) (local $b1 v128)
    (local.set $p (local.get $mat))
    (block $pairs_done
      (loop $pair
        (br_if $pairs_done (i32.gt_u (i32.add (local.get $r) (i32.const 2)) (local.get $rows)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $b0 (v128.const i32x4 0 0 0 0))
        (local.set $b1 (v128.const i32x4 0 0 0 0))
        (local.set $qp (local.get $q))
        (local.set $end (i32.add (local.get $p) (local.get $stride)))
        (block $cols_done
          (loop $col
            (br_if $cols_done (i32.ge_u (local.get $p) (local.get $end)))
            ;; 16 bytes of row r (v) and of row r + 1 (w) against query values j .. j + 15
            (local.set $v (v128.load (local.get $p)))
            (local.set $w (v128.load (i32.add (local.get $p) (local.get $stride))))
            (local.set $q0 (v128.load (local.get $qp)))
            (local.set $q1 (v128.load offset=16 (local.get $qp)))
            (local.set $a0 (i32x4.add (local.get $a0) (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0))))
            (local.set $a1 (i32x4.add (local.get $a1) (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1))))
            (local.set $b0 (i32x4.add (local.get $b0) (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $w)) (local.get $q0))))
            (local.set $b1 (i32x4.add (local.get $b1) (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $w)) (local.get $q1))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
            (br $col)))
        (local.set $a0 (i32x4.add (local.get $a0) (local.get $a1)))
        (local.set $b0 (i32x4.add (local.get $b0) (local.get $b1)))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a0)) (i32x4.extract_lane 1 (local.get $a0)))
            (i32.add (i32x4.extract_lane 2 (local.get $a0)) (i32x4.extract_lane 3 (local.get $a0)))))
        (i32.store offset=4
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $b0)) (i32x4.extract_lane 1 (local.get $b0)))
            (i32.add (i32x4.extract_lane 2 (local.get $b0)) (i32x4.extract_lane 3 (local.get $b0)))))
        ;; p is at the end of row r: skip row r + 1, done with the pair
        (local.set $p (i32.add (local.get $p) (local.get $stride)))
        (local.set $r (i32.add (local.get $r) (i32.const 2)))
        (br $pair)))
    ;; an odd last row
    (if (i32.lt_u (local.get $r) (local.get $rows))
      (then
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $qp (local.get $q))
        (local.set $end (i32.add (local.get $p) (local.get $stride)))
        (block $last_done
          (loop $last
            (br_if $last_done (i32.ge_u (local.get $p) (local.get $end)))
            (local.set $v (v128.load (local.get $p)))
            (local.set $a0 (i32x4.add (local.get $a0) (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $qp)))))
            (local.set $a1 (i32x4.add (local.get $a1) (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $qp)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
            (br $last)))
        (local.set $a0 (i32x4.add (local.get $a0) (local.get $a1)))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a0)) (i32x4.extract_lane 1 (local.get $a0)))
            (i32.add (i32x4.extract_lane 2 (local.get $a0)) (i32x4.extract_lane 3 (local.get $a0))))))))
  (func (export "dots_rows")
    (param $mat i32) (param $q i32) (param $out i32) (param $idx i32) (param $count i32) (param $stride i32)
    (local $p i32) (local $p2 i32) (local $end i32) (local $qp i32) (local $c i32)
    (local $v v128) (local $w v128) (local $q0 v128) (local $q1 v128)
    (local $a0 v128) (local $a1 v128) (local $b0 v128) (local $b1 v128)
    (block $pairs_done
      (loop $pair
        (br_if $pairs_done (i32.gt_u (i32.add (local.get $c) (i32.const 2)) (local.get $count)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $b0 (v128.const i32x4 0 0 0 0))
        (local.set $b1 (v128.const i32x4 0 0 0 0))
        (local.set $qp (local.get $q))
        ;; rows idx[c] (p) and idx[c + 1] (p2)
        (local.set $p (i32.add (local.get $mat)
          (i32.mul (i32.load (i32.add (local.get $idx) (i32.shl (local.get $c) (i32.const 2)))) (local.get $stride))))
        (local.set $p2 (i32.add (local.get $mat)
          (i32.mul (i32.load offset=4 (i32.add (local.get $idx) (i32.shl (local.get $c) (i32.const 2)))) (local.get $stride))))
        (local.set $end (i32.add (local.get $p) (local.get $stride)))
        (block $cols_done
          (loop $col
            (br_if $cols_done (i32.ge_u (local.get $p) (local.get $end)))
            (local.set $v (v128.load (local.get $p)))
            (local.set $w (v128.load (local.get $p2)))
            (local.set $q0 (v128.load (local.get $qp)))
            (local.set $q1 (v128.load offset=16 (local.get $qp)))
            (local.set $a0 (i32x4.add (local.get $a0) (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0))))
            (local.set $a1 (i32x4.add (local.get $a1) (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1))))
            (local.set $b0 (i32x4.add (local.get $b0) (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $w)) (local.get $q0))))
            (local.set $b1 (i32x4.add (local.get $b1) (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $w)) (local.get $q1))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $p2 (i32.add (local.get $p2) (i32.const 16)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
            (br $col)))
        (local.set $a0 (i32x4.add (local.get $a0) (local.get $a1)))
        (local.set $b0 (i32x4.add (local.get $b0) (local.get $b1)))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $c) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a0)) (i32x4.extract_lane 1 (local.get $a0)))
            (i32.add (i32x4.extract_lane 2 (local.get $a0)) (i32x4.extract_lane 3 (local.get $a0)))))
        (i32.store offset=4
          (i32.add (local.get $out) (i32.shl (local.get $c) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $b0)) (i32x4.extract_lane 1 (local.get $b0)))
            (i32.add (i32x4.extract_lane 2 (local.get $b0)) (i32x4.extract_lane 3 (local.get $b0)))))
        (local.set $c (i32.add (local.get $c) (i32.const 2)))
        (br $pair)))
    ;; an odd last row
    (if (i32.lt_u (local.get $c) (local.get $count))
      (then
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $qp (local.get $q))
        (local.set $p (i32.add (local.get $mat)
          (i32.mul (i32.load (i32.add (local.get $idx) (i32.shl (local.get $c) (i32.const 2)))) (local.get $stride))))
        (local.set $end (i32.add (local.get $p) (local.get $stride)))
        (block $last_done
          (loop $last
            (br_if $last_done (i32.ge_u (local.get $p) (local.get $end)))
            (local.set $v (v128.load (local.get $p)))
            (local.set $a0 (i32x4.add (local.get $a0) (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $qp)))))
            (local.set $a1 (i32x4.add (local.get $a1) (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $qp)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
            (br $last)))
        (local.set $a0 (i32x4.add (local.get $a0) (local.get $a1)))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $c) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a0)) (i32x4.extract_lane 1 (local.get $a0)))
            (i32.add (i32x4.extract_lane 2 (local.get $a0)) (i32x4.extract_lane 3 (local.get $a0))))))))
)
