;; Cross products of centered return series and their one-day updates, f64x2
;; SIMD, for a trailing sample covariance (see cross-products-kernel.ts). The
;; caller places the buffers in this module's memory and passes byte offsets.
;;
;; Every entry gets exactly the scalar loops' arithmetic in the same order
;; (WebAssembly has no fused multiply-add): SIMD only runs entries j, j+1 of
;; one row side by side. So the results are bit-identical to
;; `centeredCrossProducts` and to TrailingCovariance's scalar update.
(module
  (memory (export "memory") 1)

  ;; cross(c, out, tmp, n, t): out[i][j] = out[j][i] = sum_{k = 0..t-1} c[k][i] c[k][j]
  ;; (summed in k order, from 0). c is t x n, period-major (c[k*n + i]), with 8
  ;; doubles of padding after it; tmp holds 8 doubles.
  (func (export "cross") (param $c i32) (param $out i32) (param $tmp i32) (param $n i32) (param $t i32)
    (local $row i32) (local $i i32) (local $j i32) (local $k i32) (local $l i32)
    (local $pi i32) (local $pj i32)
    (local $x v128) (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local $v f64)
    (local.set $row (i32.shl (local.get $n) (i32.const 3)))
    (block $id (loop $rows
      (br_if $id (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $j (local.get $i))
      (block $jd (loop $blocks
        (br_if $jd (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $s0 (v128.const f64x2 0 0))
        (local.set $s1 (v128.const f64x2 0 0))
        (local.set $s2 (v128.const f64x2 0 0))
        (local.set $s3 (v128.const f64x2 0 0))
        (local.set $pi (i32.add (local.get $c) (i32.shl (local.get $i) (i32.const 3))))
        (local.set $pj (i32.add (local.get $c) (i32.shl (local.get $j) (i32.const 3))))
        (local.set $k (i32.const 0))
        (block $kd (loop $ks
          (br_if $kd (i32.ge_u (local.get $k) (local.get $t)))
          (local.set $x (v128.load64_splat (local.get $pi)))
          (local.set $s0 (f64x2.add (local.get $s0) (f64x2.mul (local.get $x) (v128.load (local.get $pj)))))
          (local.set $s1 (f64x2.add (local.get $s1) (f64x2.mul (local.get $x) (v128.load offset=16 (local.get $pj)))))
          (local.set $s2 (f64x2.add (local.get $s2) (f64x2.mul (local.get $x) (v128.load offset=32 (local.get $pj)))))
          (local.set $s3 (f64x2.add (local.get $s3) (f64x2.mul (local.get $x) (v128.load offset=48 (local.get $pj)))))
          (local.set $pi (i32.add (local.get $pi) (local.get $row)))
          (local.set $pj (i32.add (local.get $pj) (local.get $row)))
          (local.set $k (i32.add (local.get $k) (i32.const 1)))
          (br $ks)))
        (v128.store (local.get $tmp) (local.get $s0))
        (v128.store offset=16 (local.get $tmp) (local.get $s1))
        (v128.store offset=32 (local.get $tmp) (local.get $s2))
        (v128.store offset=48 (local.get $tmp) (local.get $s3))
        ;; lanes j + l < n go to out[i][j + l] and out[j + l][i]
        (local.set $l (i32.const 0))
        (block $ld (loop $lanes
          (br_if $ld (i32.ge_u (local.get $l) (i32.const 8)))
          (br_if $ld (i32.ge_u (i32.add (local.get $j) (local.get $l)) (local.get $n)))
          (local.set $v (f64.load (i32.add (local.get $tmp) (i32.shl (local.get $l) (i32.const 3)))))
          (f64.store (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (local.get $i) (local.get $n)) (i32.add (local.get $j) (local.get $l))) (i32.const 3))) (local.get $v))
          (f64.store (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $j) (local.get $l)) (local.get $n)) (local.get $i)) (i32.const 3))) (local.get $v))
          (local.set $l (i32.add (local.get $l) (i32.const 1)))
          (br $lanes)))
        (local.set $j (i32.add (local.get $j) (i32.const 8)))
        (br $blocks)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )

  ;; advance(cross, a, d, n): cross[i][j] += a_i a_j - d_i d_j for j >= i (the upper triangle).
  (func (export "advance") (param $cross i32) (param $a i32) (param $d i32) (param $n i32)
    (local $i i32) (local $j i32) (local $p i32) (local $pa i32) (local $pd i32)
    (local $ai f64) (local $di f64) (local $va v128) (local $vd v128)
    (block $id (loop $rows
      (br_if $id (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $ai (f64.load (i32.add (local.get $a) (i32.shl (local.get $i) (i32.const 3)))))
      (local.set $di (f64.load (i32.add (local.get $d) (i32.shl (local.get $i) (i32.const 3)))))
      (local.set $va (f64x2.splat (local.get $ai)))
      (local.set $vd (f64x2.splat (local.get $di)))
      (local.set $p (i32.add (local.get $cross) (i32.shl (i32.add (i32.mul (local.get $i) (local.get $n)) (local.get $i)) (i32.const 3))))
      (local.set $pa (i32.add (local.get $a) (i32.shl (local.get $i) (i32.const 3))))
      (local.set $pd (i32.add (local.get $d) (i32.shl (local.get $i) (i32.const 3))))
      (local.set $j (local.get $i))
      (block $pdn (loop $pairs
        (br_if $pdn (i32.ge_u (i32.add (local.get $j) (i32.const 1)) (local.get $n)))
        (v128.store (local.get $p)
          (f64x2.add (v128.load (local.get $p))
            (f64x2.sub (f64x2.mul (local.get $va) (v128.load (local.get $pa))) (f64x2.mul (local.get $vd) (v128.load (local.get $pd))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (local.set $pa (i32.add (local.get $pa) (i32.const 16)))
        (local.set $pd (i32.add (local.get $pd) (i32.const 16)))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $pairs)))
      (if (i32.lt_u (local.get $j) (local.get $n))
        (then
          (f64.store (local.get $p)
            (f64.add (f64.load (local.get $p))
              (f64.sub (f64.mul (local.get $ai) (f64.load (local.get $pa))) (f64.mul (local.get $di) (f64.load (local.get $pd))))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )

  ;; covariance(cross, sums, out, n, t, divisor, scale): the updated covariance
  ;; out[i][j] = out[j][i] = ((cross_ij - (sums_i / t) sums_j) / divisor) scale for j >= i.
  (func (export "covariance") (param $cross i32) (param $sums i32) (param $out i32) (param $n i32) (param $t f64) (param $divisor f64) (param $scale f64)
    (local $i i32) (local $j i32) (local $si f64) (local $v f64)
    (local $p i32)
    (block $id (loop $rows
      (br_if $id (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $si (f64.div (f64.load (i32.add (local.get $sums) (i32.shl (local.get $i) (i32.const 3)))) (local.get $t)))
      (local.set $j (local.get $i))
      (block $jd (loop $cols
        (br_if $jd (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $p (i32.shl (i32.add (i32.mul (local.get $i) (local.get $n)) (local.get $j)) (i32.const 3)))
        (local.set $v
          (f64.mul
            (f64.div
              (f64.sub (f64.load (i32.add (local.get $cross) (local.get $p)))
                (f64.mul (local.get $si) (f64.load (i32.add (local.get $sums) (i32.shl (local.get $j) (i32.const 3))))))
              (local.get $divisor))
            (local.get $scale)))
        (f64.store (i32.add (local.get $out) (local.get $p)) (local.get $v))
        (f64.store (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (local.get $j) (local.get $n)) (local.get $i)) (i32.const 3))) (local.get $v))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $cols)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )

  ;; scaled(cross, out, count, divisor, scale): out[k] = (cross[k] / divisor) scale (the two-pass covariance).
  (func (export "scaled") (param $cross i32) (param $out i32) (param $count i32) (param $divisor f64) (param $scale f64)
    (local $k i32) (local $vdiv v128) (local $vscale v128)
    (local.set $vdiv (f64x2.splat (local.get $divisor)))
    (local.set $vscale (f64x2.splat (local.get $scale)))
    (block $pd (loop $pairs
      (br_if $pd (i32.ge_u (i32.add (local.get $k) (i32.const 1)) (local.get $count)))
      (v128.store (local.get $out) (f64x2.mul (f64x2.div (v128.load (local.get $cross)) (local.get $vdiv)) (local.get $vscale)))
      (local.set $cross (i32.add (local.get $cross) (i32.const 16)))
      (local.set $out (i32.add (local.get $out) (i32.const 16)))
      (local.set $k (i32.add (local.get $k) (i32.const 2)))
      (br $pairs)))
    (if (i32.lt_u (local.get $k) (local.get $count))
      (then (f64.store (local.get $out) (f64.mul (f64.div (f64.load (local.get $cross)) (local.get $divisor)) (local.get $scale)))))
  )
)
