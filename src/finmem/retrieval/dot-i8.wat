;; Integer dot products for FinMem's retrieval pre-filter (src/finmem/retrieval/quantized.ts).
;;
;; dots(mat, q, out, rows, stride): for r in [0, rows)
;;   out[r] = sum_j mat[r * stride + j] * q[j]
;; with mat int8 (row-major, `stride` bytes per row, stride a multiple of 32),
;; q int16 (stride values) and out int32. Each 16-byte block of a row is
;; sign-extended to two i16x8 halves and multiplied with the matching query
;; halves by i32x4.dot_i16x8_s (pairwise products summed into i32 lanes);
;; two accumulators keep two dependency chains in flight. The caller scales q
;; so that stride * 127 * max|q| < 2^31: no partial sum can overflow.
;;
;; Build: npm run build:wasm (wabt's wat2wasm, features: simd), which writes
;; src/finmem/retrieval/dot-i8-wasm.ts; test/finmem/retrieval-wasm.test.ts
;; checks that file against this source.
(module
  (memory (export "memory") 1)
  (func (export "dots")
    (param $mat i32) (param $q i32) (param $out i32) (param $rows i32) (param $stride i32)
    (local $p i32) (local $end i32) (local $qp i32) (local $r i32)
    (local $v v128) (local $a0 v128) (local $a1 v128)
    (local.set $p (local.get $mat))
    (block $rows_done
      (loop $row
        (br_if $rows_done (i32.ge_u (local.get $r) (local.get $rows)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $qp (local.get $q))
        (local.set $end (i32.add (local.get $p) (local.get $stride)))
        (block $cols_done
          (loop $col
            (br_if $cols_done (i32.ge_u (local.get $p) (local.get $end)))
            (local.set $v (v128.load (local.get $p)))
            (local.set $a0 (i32x4.add (local.get $a0)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $qp)))))
            (local.set $a1 (i32x4.add (local.get $a1)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $qp)))))
            (local.set $v (v128.load offset=16 (local.get $p)))
            (local.set $a0 (i32x4.add (local.get $a0)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load offset=32 (local.get $qp)))))
            (local.set $a1 (i32x4.add (local.get $a1)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=48 (local.get $qp)))))
            (local.set $p (i32.add (local.get $p) (i32.const 32)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 64)))
            (br $col)))
        (local.set $a0 (i32x4.add (local.get $a0) (local.get $a1)))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a0)) (i32x4.extract_lane 1 (local.get $a0)))
            (i32.add (i32x4.extract_lane 2 (local.get $a0)) (i32x4.extract_lane 3 (local.get $a0)))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $row)))))
