;; Dense Cholesky factorisation and single right-hand-side solve of a
;; symmetric positive-definite n x n matrix, f64x2 SIMD, on buffers the caller
;; places in this module's memory (byte offsets). See cholesky-kernel.ts.
;;
;; The factor is kept column-major ("lt": lt[k*n + i] = L_ik for i >= k) so
;; that the entries of one column that share a k are contiguous and two of
;; them fit one f64x2 lane pair. Every entry still sees exactly the textbook
;; arithmetic, in the textbook order (no fused multiply-add in WebAssembly):
;;   L_ij = (a_ij - L_i0 L_j0 - L_i1 L_j1 - ... - L_i,j-1 L_j,j-1) / L_jj
;;   L_jj = sqrt(a_jj - L_j0 L_j0 - ... - L_j,j-1 L_j,j-1)
;; so the factor and the solutions are bit-identical to the scalar loops of
;; linalg.ts. SIMD only runs independent entries side by side.
(module
  (memory (export "memory") 1)

  ;; chol(a, lt, v, n) -> 1, or 0 on a pivot that is not a finite number > 0.
  ;; a: row-major n x n (only a[i*n + j], i >= j, is read); lt: n*n doubles
  ;; plus 8 of padding (the last lanes of a block may read past row n - 1);
  ;; v: n + 8 doubles of scratch.
  (func (export "chol") (param $a i32) (param $lt i32) (param $v i32) (param $n i32) (result i32)
    (local $row i32) (local $j i32) (local $i i32) (local $k i32)
    (local $p i32) (local $q i32) (local $cp i32) (local $rp i32) (local $vp i32)
    (local $c v128) (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local $d f64)
    (local.set $row (i32.shl (local.get $n) (i32.const 3)))
    (block $done
      (loop $columns
        (br_if $done (i32.ge_u (local.get $j) (local.get $n)))
        ;; v[i] = a[i][j] for i = j .. n - 1
        (local.set $p (i32.add (local.get $a) (i32.shl (i32.add (i32.mul (local.get $j) (local.get $n)) (local.get $j)) (i32.const 3))))
        (local.set $q (i32.add (local.get $v) (i32.shl (local.get $j) (i32.const 3))))
        (local.set $i (local.get $j))
        (block $g (loop $gather
          (br_if $g (i32.ge_u (local.get $i) (local.get $n)))
          (f64.store (local.get $q) (f64.load (local.get $p)))
          (local.set $p (i32.add (local.get $p) (local.get $row)))
          (local.set $q (i32.add (local.get $q) (i32.const 8)))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $gather)))
        ;; v[i] -= L_ik L_jk for k = 0 .. j - 1, eight rows i at a time held in registers
        (local.set $i (local.get $j))
        (block $b (loop $blocks
          (br_if $b (i32.ge_u (local.get $i) (local.get $n)))
          (local.set $vp (i32.add (local.get $v) (i32.shl (local.get $i) (i32.const 3))))
          (local.set $s0 (v128.load (local.get $vp)))
          (local.set $s1 (v128.load offset=16 (local.get $vp)))
          (local.set $s2 (v128.load offset=32 (local.get $vp)))
          (local.set $s3 (v128.load offset=48 (local.get $vp)))
          (local.set $cp (i32.add (local.get $lt) (i32.shl (local.get $j) (i32.const 3))))
          (local.set $rp (i32.add (local.get $lt) (i32.shl (local.get $i) (i32.const 3))))
          (local.set $k (i32.const 0))
          (block $kb (loop $ks
            (br_if $kb (i32.ge_u (local.get $k) (local.get $j)))
            (local.set $c (v128.load64_splat (local.get $cp)))
            (local.set $s0 (f64x2.sub (local.get $s0) (f64x2.mul (v128.load (local.get $rp)) (local.get $c))))
            (local.set $s1 (f64x2.sub (local.get $s1) (f64x2.mul (v128.load offset=16 (local.get $rp)) (local.get $c))))
            (local.set $s2 (f64x2.sub (local.get $s2) (f64x2.mul (v128.load offset=32 (local.get $rp)) (local.get $c))))
            (local.set $s3 (f64x2.sub (local.get $s3) (f64x2.mul (v128.load offset=48 (local.get $rp)) (local.get $c))))
            (local.set $cp (i32.add (local.get $cp) (local.get $row)))
            (local.set $rp (i32.add (local.get $rp) (local.get $row)))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $ks)))
          (v128.store (local.get $vp) (local.get $s0))
          (v128.store offset=16 (local.get $vp) (local.get $s1))
          (v128.store offset=32 (local.get $vp) (local.get $s2))
          (v128.store offset=48 (local.get $vp) (local.get $s3))
          (local.set $i (i32.add (local.get $i) (i32.const 8)))
          (br $blocks)))
        ;; the pivot, then column j of L
        (local.set $d (f64.load (i32.add (local.get $v) (i32.shl (local.get $j) (i32.const 3)))))
        (if (i32.eqz (i32.and (f64.gt (local.get $d) (f64.const 0)) (f64.lt (local.get $d) (f64.const inf))))
          (then (return (i32.const 0))))
        (local.set $d (f64.sqrt (local.get $d)))
        (local.set $p (i32.add (local.get $lt) (i32.shl (i32.add (i32.mul (local.get $j) (local.get $n)) (local.get $j)) (i32.const 3))))
        (f64.store (local.get $p) (local.get $d))
        (local.set $q (i32.add (local.get $v) (i32.shl (local.get $j) (i32.const 3))))
        (local.set $i (i32.add (local.get $j) (i32.const 1)))
        (block $w (loop $write
          (br_if $w (i32.ge_u (local.get $i) (local.get $n)))
          (local.set $p (i32.add (local.get $p) (i32.const 8)))
          (local.set $q (i32.add (local.get $q) (i32.const 8)))
          (f64.store (local.get $p) (f64.div (f64.load (local.get $q)) (local.get $d)))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $write)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $columns)))
    (i32.const 1))

  ;; solve(lt, b, n): b <- (L L^T)^-1 b in place for the column-major factor of chol.
  ;; Forward: b_i = (b_i - L_i0 b_0 - ... - L_i,i-1 b_i-1) / L_ii, applied column by column
  ;; (each b_i still sees its subtractions in k order); backward:
  ;; b_i = (b_i - L_i+1,i b_i+1 - ... - L_n-1,i b_n-1) / L_ii, a dot product over row i of lt.
  (func (export "solve") (param $lt i32) (param $b i32) (param $n i32)
    (local $row i32) (local $k i32) (local $i i32) (local $p i32) (local $q i32)
    (local $bk f64) (local $c v128) (local $s f64)
    (local.set $row (i32.shl (local.get $n) (i32.const 3)))
    (block $fd (loop $forward
      (br_if $fd (i32.ge_u (local.get $k) (local.get $n)))
      (local.set $p (i32.add (local.get $lt) (i32.shl (i32.add (i32.mul (local.get $k) (local.get $n)) (local.get $k)) (i32.const 3))))
      (local.set $q (i32.add (local.get $b) (i32.shl (local.get $k) (i32.const 3))))
      (local.set $bk (f64.div (f64.load (local.get $q)) (f64.load (local.get $p))))
      (f64.store (local.get $q) (local.get $bk))
      (local.set $c (f64x2.splat (local.get $bk)))
      (local.set $i (i32.add (local.get $k) (i32.const 1)))
      (local.set $p (i32.add (local.get $p) (i32.const 8)))
      (local.set $q (i32.add (local.get $q) (i32.const 8)))
      (block $pd (loop $pairs
        (br_if $pd (i32.ge_u (i32.add (local.get $i) (i32.const 1)) (local.get $n)))
        (v128.store (local.get $q) (f64x2.sub (v128.load (local.get $q)) (f64x2.mul (v128.load (local.get $p)) (local.get $c))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (local.set $q (i32.add (local.get $q) (i32.const 16)))
        (local.set $i (i32.add (local.get $i) (i32.const 2)))
        (br $pairs)))
      (if (i32.lt_u (local.get $i) (local.get $n))
        (then (f64.store (local.get $q) (f64.sub (f64.load (local.get $q)) (f64.mul (f64.load (local.get $p)) (local.get $bk))))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br $forward)))
    (local.set $i (local.get $n))
    (block $bd (loop $backward
      (br_if $bd (i32.eqz (local.get $i)))
      (local.set $i (i32.sub (local.get $i) (i32.const 1)))
      (local.set $q (i32.add (local.get $b) (i32.shl (local.get $i) (i32.const 3))))
      (local.set $s (f64.load (local.get $q)))
      (local.set $p (i32.add (local.get $lt) (i32.shl (i32.add (i32.mul (local.get $i) (local.get $n)) (local.get $i)) (i32.const 3))))
      (local.set $bk (f64.load (local.get $p)))
      (local.set $k (i32.add (local.get $i) (i32.const 1)))
      (block $dd (loop $dot
        (br_if $dd (i32.ge_u (local.get $k) (local.get $n)))
        (local.set $p (i32.add (local.get $p) (i32.const 8)))
        (local.set $q (i32.add (local.get $q) (i32.const 8)))
        (local.set $s (f64.sub (local.get $s) (f64.mul (f64.load (local.get $p)) (f64.load (local.get $q)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $dot)))
      (f64.store (i32.add (local.get $b) (i32.shl (local.get $i) (i32.const 3))) (f64.div (local.get $s) (local.get $bk)))
      (br $backward)))
  )

  ;; matvec(m, x, out, n, scale): out_i = (m_i0 x_0 + m_i1 x_1 + ... + m_i,n-1 x_n-1) scale, each sum
  ;; from 0 in j order (four rows side by side for the CPU's pipelines); m row-major.
  (func (export "matvec") (param $m i32) (param $x i32) (param $out i32) (param $n i32) (param $scale f64)
    (call $rows (local.get $m) (local.get $x) (local.get $out) (local.get $n) (local.get $scale) (i32.const 0)))

  ;; matvecAdd(m, x, base, n): base_i <- base_i + m_i0 x_0 + ... + m_i,n-1 x_n-1 (from base_i, j in order).
  (func (export "matvecAdd") (param $m i32) (param $x i32) (param $base i32) (param $n i32)
    (call $rows (local.get $m) (local.get $x) (local.get $base) (local.get $n) (f64.const 1) (i32.const 1)))

  ;; out_i = (init_i + sum_j m_ij x_j) scale with init_i = out_i when $add, else 0.
  (func $rows (param $m i32) (param $x i32) (param $out i32) (param $n i32) (param $scale f64) (param $add i32)
    (local $row i32) (local $i i32) (local $j i32) (local $p i32) (local $q i32) (local $o i32)
    (local $s0 f64) (local $s1 f64) (local $s2 f64) (local $s3 f64) (local $xj f64)
    (local.set $row (i32.shl (local.get $n) (i32.const 3)))
    (block $qd (loop $quads
      (br_if $qd (i32.gt_u (i32.add (local.get $i) (i32.const 4)) (local.get $n)))
      (local.set $o (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 3))))
      (local.set $s0 (f64.const 0)) (local.set $s1 (f64.const 0)) (local.set $s2 (f64.const 0)) (local.set $s3 (f64.const 0))
      (if (local.get $add) (then
        (local.set $s0 (f64.load (local.get $o)))
        (local.set $s1 (f64.load offset=8 (local.get $o)))
        (local.set $s2 (f64.load offset=16 (local.get $o)))
        (local.set $s3 (f64.load offset=24 (local.get $o)))))
      (local.set $p (i32.add (local.get $m) (i32.mul (local.get $i) (local.get $row))))
      (local.set $q (local.get $x))
      (local.set $j (i32.const 0))
      (block $jd (loop $js
        (br_if $jd (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $xj (f64.load (local.get $q)))
        (local.set $s0 (f64.add (local.get $s0) (f64.mul (f64.load (local.get $p)) (local.get $xj))))
        (local.set $s1 (f64.add (local.get $s1) (f64.mul (f64.load (i32.add (local.get $p) (local.get $row))) (local.get $xj))))
        (local.set $s2 (f64.add (local.get $s2) (f64.mul (f64.load (i32.add (local.get $p) (i32.shl (local.get $row) (i32.const 1)))) (local.get $xj))))
        (local.set $s3 (f64.add (local.get $s3) (f64.mul (f64.load (i32.add (local.get $p) (i32.mul (local.get $row) (i32.const 3)))) (local.get $xj))))
        (local.set $p (i32.add (local.get $p) (i32.const 8)))
        (local.set $q (i32.add (local.get $q) (i32.const 8)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $js)))
      (f64.store (local.get $o) (f64.mul (local.get $s0) (local.get $scale)))
      (f64.store offset=8 (local.get $o) (f64.mul (local.get $s1) (local.get $scale)))
      (f64.store offset=16 (local.get $o) (f64.mul (local.get $s2) (local.get $scale)))
      (f64.store offset=24 (local.get $o) (f64.mul (local.get $s3) (local.get $scale)))
      (local.set $i (i32.add (local.get $i) (i32.const 4)))
      (br $quads)))
    (block $rd (loop $rest
      (br_if $rd (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $o (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 3))))
      (local.set $s0 (if (result f64) (local.get $add) (then (f64.load (local.get $o))) (else (f64.const 0))))
      (local.set $p (i32.add (local.get $m) (i32.mul (local.get $i) (local.get $row))))
      (local.set $q (local.get $x))
      (local.set $j (i32.const 0))
      (block $jd2 (loop $js2
        (br_if $jd2 (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $s0 (f64.add (local.get $s0) (f64.mul (f64.load (local.get $p)) (f64.load (local.get $q)))))
        (local.set $p (i32.add (local.get $p) (i32.const 8)))
        (local.set $q (i32.add (local.get $q) (i32.const 8)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $js2)))
      (f64.store (local.get $o) (f64.mul (local.get $s0) (local.get $scale)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rest)))
  )

  ;; symScaled(m, s, n, tau): s_ij = s_ji = tau (0.5 (m_ij + m_ji)) for j <= i.
  (func (export "symScaled") (param $m i32) (param $s i32) (param $n i32) (param $tau f64)
    (local $i i32) (local $j i32) (local $ij i32) (local $ji i32) (local $v f64)
    (block $id (loop $is
      (br_if $id (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $j (i32.const 0))
      (block $jd (loop $js
        (br_if $jd (i32.gt_u (local.get $j) (local.get $i)))
        (local.set $ij (i32.shl (i32.add (i32.mul (local.get $i) (local.get $n)) (local.get $j)) (i32.const 3)))
        (local.set $ji (i32.shl (i32.add (i32.mul (local.get $j) (local.get $n)) (local.get $i)) (i32.const 3)))
        (local.set $v (f64.mul (local.get $tau) (f64.mul (f64.const 0.5)
          (f64.add (f64.load (i32.add (local.get $m) (local.get $ij))) (f64.load (i32.add (local.get $m) (local.get $ji)))))))
        (f64.store (i32.add (local.get $s) (local.get $ij)) (local.get $v))
        (f64.store (i32.add (local.get $s) (local.get $ji)) (local.get $v))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $js)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $is)))
  )

  ;; firstNonFinite(m, count): the index of the first entry that is NaN or infinite, or -1.
  (func (export "firstNonFinite") (param $m i32) (param $count i32) (result i32)
    (local $k i32) (local $v f64)
    (block $kd (loop $ks
      (br_if $kd (i32.ge_u (local.get $k) (local.get $count)))
      (local.set $v (f64.load (local.get $m)))
      ;; v - v is 0 for a finite v and NaN for NaN or an infinity.
      (if (f64.ne (f64.sub (local.get $v) (local.get $v)) (f64.const 0)) (then (return (local.get $k))))
      (local.set $m (i32.add (local.get $m) (i32.const 8)))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br $ks)))
    (i32.const -1))

  ;; lower(lt, out, n): the row-major factor (zeros above the diagonal) from the column-major one.
  (func (export "lower") (param $lt i32) (param $out i32) (param $n i32)
    (local $i i32) (local $k i32) (local $p i32) (local $row i32)
    (local.set $row (i32.shl (local.get $n) (i32.const 3)))
    (block $id (loop $rows
      (br_if $id (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $k (i32.const 0))
      (local.set $p (i32.add (local.get $lt) (i32.shl (local.get $i) (i32.const 3))))
      (block $kd (loop $cols
        (br_if $kd (i32.ge_u (local.get $k) (local.get $n)))
        (f64.store (local.get $out)
          (if (result f64) (i32.le_u (local.get $k) (local.get $i))
            (then (f64.load (local.get $p)))
            (else (f64.const 0))))
        (local.set $p (i32.add (local.get $p) (local.get $row)))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $cols)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $rows)))
  )
)
