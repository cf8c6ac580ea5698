package linalg

import (
	"math"
	"math/rand/v2"
	"testing"
)

// near reports whether x and y agree to tol, relative to 1 or to the
// larger of them.
func near(x, y, tol float64) bool {
	return math.Abs(x-y) <= tol*math.Max(1, math.Max(math.Abs(x), math.Abs(y)))
}

// mul returns the r × c product of the r × k matrix a and the k × c
// matrix b.
func mul(a, b []float64, r, k, c int) []float64 {
	out := make([]float64, r*c)
	for i := range r {
		for j := range c {
			for l := range k {
				out[i*c+j] += a[i*k+l] * b[l*c+j]
			}
		}
	}
	return out
}

func transpose(a []float64, r, c int) []float64 {
	out := make([]float64, r*c)
	for i := range r {
		for j := range c {
			out[j*r+i] = a[i*c+j]
		}
	}
	return out
}

// orthogonal returns a random n × n orthogonal matrix (Gram–Schmidt on
// normal rows).
func orthogonal(rng *rand.Rand, n int) []float64 {
	q := make([]float64, n*n)
	for i := range n {
		for {
			for j := range n {
				q[i*n+j] = rng.NormFloat64()
			}
			for twice := 0; twice < 2; twice++ {
				for p := range i {
					d := 0.0
					for j := range n {
						d += q[i*n+j] * q[p*n+j]
					}
					for j := range n {
						q[i*n+j] -= d * q[p*n+j]
					}
				}
			}
			l := 0.0
			for j := range n {
				l += q[i*n+j] * q[i*n+j]
			}
			if l > 1e-6 {
				for j := range n {
					q[i*n+j] /= math.Sqrt(l)
				}
				break
			}
		}
	}
	return q
}

// withSingular returns a rows × cols matrix (rows ≥ cols) with the given
// singular values and right singular vectors (the columns of v): a = u·Σ·vᵀ
// for a random u with orthonormal columns.
func withSingular(rng *rand.Rand, rows, cols int, sigma []float64) (a, v []float64) {
	u := orthogonal(rng, rows)
	v = orthogonal(rng, cols)
	us := make([]float64, rows*cols)
	for i := range rows {
		for k := range cols {
			us[i*cols+k] = u[i*rows+k] * sigma[k]
		}
	}
	return mul(us, transpose(v, cols, cols), rows, cols, cols), v
}

func TestRightSingularKnownMatrices(t *testing.T) {
	for _, tc := range []struct {
		name       string
		a          []float64
		rows, cols int
		sigma      []float64
		// null is the right singular vector of the smallest singular
		// value, up to its sign
		null []float64
	}{
		{"diagonal", []float64{3, 0, 0, 0, 1, 0, 0, 0, 2}, 3, 3, []float64{3, 2, 1}, []float64{0, 1, 0}},
		{"2×2 of singular values 4 and 2", []float64{3, 1, 1, 3}, 2, 2, []float64{4, 2}, []float64{1 / math.Sqrt2, -1 / math.Sqrt2}},
		{"rank one", []float64{1, 2, 2, 4, 3, 6}, 3, 2, []float64{math.Sqrt(70), 0}, []float64{2 / math.Sqrt(5), -1 / math.Sqrt(5)}},
		{"zero row padding", []float64{1, 1, 0, 0}, 2, 2, []float64{math.Sqrt2, 0}, []float64{1 / math.Sqrt2, -1 / math.Sqrt2}},
		{"one column", []float64{3, 4}, 2, 1, []float64{5}, []float64{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			orig := append([]float64(nil), tc.a...)
			sigma, _, ok := RightSingular(tc.a, tc.rows, tc.cols)
			if !ok {
				t.Fatal("not ok")
			}
			for k := range sigma {
				if !near(sigma[k], tc.sigma[k], 1e-14) {
					t.Errorf("sigma[%d] = %v, want %v", k, sigma[k], tc.sigma[k])
				}
			}
			x, ok := NullVector(tc.a, tc.rows, tc.cols)
			if !ok {
				t.Fatal("not ok")
			}
			s := 1.0
			if x[0]*tc.null[0] < 0 || (x[0] == 0 && x[1]*tc.null[1] < 0) {
				s = -1
			}
			for k := range x {
				if !near(s*x[k], tc.null[k], 1e-14) {
					t.Errorf("null vector %v, want ±%v", x, tc.null)
					break
				}
			}
			for k := range orig {
				if orig[k] != tc.a[k] {
					t.Fatal("a was changed")
				}
			}
		})
	}
}

func TestRightSingularRefuses(t *testing.T) {
	for _, tc := range []struct {
		name       string
		a          []float64
		rows, cols int
	}{
		{"wide", make([]float64, 6), 2, 3},
		{"wrong length", make([]float64, 5), 3, 2},
		{"NaN", []float64{1, math.NaN(), 0, 1}, 2, 2},
		{"infinity", []float64{1, 0, math.Inf(-1), 1}, 2, 2},
	} {
		if _, _, ok := RightSingular(tc.a, tc.rows, tc.cols); ok {
			t.Errorf("%s: ok", tc.name)
		}
		if _, ok := NullVector(tc.a, tc.rows, tc.cols); ok {
			t.Errorf("%s: NullVector ok", tc.name)
		}
	}
}

// Property: for random matrices of known singular values (spread over
// ten orders of magnitude, some exactly zero), the values come back, the
// columns of v are orthonormal, a·v's columns have the singular values'
// lengths, and the null vector is the known one.
func TestRightSingularProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		cols := 1 + rng.IntN(12)
		rows := cols + rng.IntN(3*cols+1)
		sigma := make([]float64, cols)
		for k := range sigma {
			sigma[k] = math.Pow(10, 4-10*rng.Float64())
		}
		if trial%3 == 0 {
			sigma[rng.IntN(cols)] = 0
		}
		// descending, and the smallest well separated from the next
		for i := range sigma {
			for j := i + 1; j < cols; j++ {
				if sigma[j] > sigma[i] {
					sigma[i], sigma[j] = sigma[j], sigma[i]
				}
			}
		}
		if cols > 1 {
			sigma[cols-1] = math.Min(sigma[cols-1], sigma[cols-2]/10)
		}
		a, vTrue := withSingular(rng, rows, cols, sigma)
		got, v, ok := RightSingular(a, rows, cols)
		if !ok {
			t.Fatalf("trial %d (%d × %d): not ok", trial, rows, cols)
		}
		scale := sigma[0]
		for k := range cols {
			if math.Abs(got[k]-sigma[k]) > 1e-12*scale {
				t.Fatalf("trial %d: sigma %v, want %v", trial, got, sigma)
			}
		}
		vtv := mul(transpose(v, cols, cols), v, cols, cols, cols)
		av := mul(a, v, rows, cols, cols)
		for i := range cols {
			for j := range cols {
				want := 0.0
				if i == j {
					want = 1
				}
				if math.Abs(vtv[i*cols+j]-want) > 1e-13 {
					t.Fatalf("trial %d: vᵀv[%d][%d] = %v", trial, i, j, vtv[i*cols+j])
				}
			}
			l := 0.0
			for r := range rows {
				l += av[r*cols+i] * av[r*cols+i]
			}
			if math.Abs(math.Sqrt(l)-got[i]) > 1e-12*scale {
				t.Fatalf("trial %d: |a·v%d| = %v, sigma %v", trial, i, math.Sqrt(l), got[i])
			}
		}
		x, _ := NullVector(a, rows, cols)
		dot := 0.0
		for i := range cols {
			dot += x[i] * vTrue[i*cols+cols-1]
		}
		// the angle to the true null vector is at most rounding over the
		// gap to the next singular value
		if cols > 1 && 1-math.Abs(dot) > 1e-15+1e-24*(scale/sigma[cols-2])*(scale/sigma[cols-2]) {
			t.Fatalf("trial %d: null vector off by cos %v (gap %g)", trial, dot, sigma[cols-2]/scale)
		}
	}
}

// The direct linear transform's case: the null vector of an exact set of
// point correspondences (4 points: 8 equations and a zero row) is the
// homography, to rounding.
func TestNullVectorOfAnExactHomography(t *testing.T) {
	h := []float64{0.9, -0.2, 12, 0.15, 1.1, -7, 1e-3, -2e-3, 1}
	pts := [][2]float64{{-1, -1}, {1, -1.2}, {1.3, 0.8}, {-0.7, 1}, {0.1, 0.2}, {0.5, -0.4}}
	for _, n := range []int{4, 5, 6} {
		rows := max(2*n, 9)
		a := make([]float64, rows*9)
		for i, p := range pts[:n] {
			w := h[6]*p[0] + h[7]*p[1] + h[8]
			qx := (h[0]*p[0] + h[1]*p[1] + h[2]) / w
			qy := (h[3]*p[0] + h[4]*p[1] + h[5]) / w
			copy(a[2*i*9:], []float64{p[0], p[1], 1, 0, 0, 0, -qx * p[0], -qx * p[1], -qx})
			copy(a[(2*i+1)*9:], []float64{0, 0, 0, p[0], p[1], 1, -qy * p[0], -qy * p[1], -qy})
		}
		x, ok := NullVector(a, rows, 9)
		if !ok {
			t.Fatalf("%d points: not ok", n)
		}
		for k := range h {
			if !near(x[k]/x[8], h[k], 1e-12) {
				t.Fatalf("%d points: %v, want %v", n, x, h)
			}
		}
	}
}

func TestCholeskyKnown(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    []float64
		n    int
		u    []float64 // the upper factor, row-major (lower part ignored)
		b, x []float64
	}{
		{"1×1", []float64{9}, 1, []float64{3}, []float64{6}, []float64{2 / 3.0}},
		{"2×2", []float64{4, 2, 2, 3}, 2, []float64{2, 1, 0, math.Sqrt2}, []float64{2, 1}, []float64{0.5, 0}},
		{"3×3", []float64{4, 12, -16, 12, 37, -43, -16, -43, 98}, 3,
			[]float64{2, 6, -8, 0, 1, 5, 0, 0, 3}, []float64{-20, -43, 192}, []float64{1, 2, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := append([]float64(nil), tc.a...)
			if !Cholesky(a, tc.n) {
				t.Fatal("not positive definite")
			}
			for i := range tc.n {
				for j := i; j < tc.n; j++ {
					if !near(a[i*tc.n+j], tc.u[i*tc.n+j], 1e-15) {
						t.Errorf("u[%d][%d] = %v, want %v", i, j, a[i*tc.n+j], tc.u[i*tc.n+j])
					}
				}
			}
			b := append([]float64(nil), tc.b...)
			SolveCholesky(a, tc.n, b)
			for i := range b {
				if !near(b[i], tc.x[i], 1e-14) {
					t.Errorf("x = %v, want %v", b, tc.x)
					break
				}
			}
		})
	}
}

func TestCholeskyRefusesWhatIsNotPositiveDefinite(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    []float64
		n    int
	}{
		{"negative", []float64{-1}, 1},
		{"zero", []float64{0}, 1},
		{"indefinite", []float64{1, 2, 2, 1}, 2},
		{"singular", []float64{1, 1, 1, 1}, 2},
		{"NaN", []float64{1, 0, 0, math.NaN()}, 2},
	} {
		if Cholesky(append([]float64(nil), tc.a...), tc.n) {
			t.Errorf("%s: ok", tc.name)
		}
	}
}

// Property: for random symmetric positive definite systems (jᵀj + λ,
// as the Levenberg–Marquardt step builds them), uᵀu is the matrix and the
// solution solves the system.
func TestCholeskyProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := 1 + rng.IntN(14)
		rows := n + rng.IntN(40)
		j := make([]float64, rows*n)
		for k := range j {
			j[k] = rng.NormFloat64() * math.Pow(10, 2-4*rng.Float64())
		}
		r := make([]float64, rows)
		for k := range r {
			r[k] = rng.NormFloat64()
		}
		jtj := make([]float64, n*n)
		jtr := make([]float64, n)
		Normal(j, rows, n, r, jtj, jtr)
		// the products against the plain definition
		want := mul(transpose(j, rows, n), j, n, rows, n)
		wantR := mul(transpose(j, rows, n), r, n, rows, 1)
		for k := range want {
			if !near(jtj[k], want[k], 1e-12) {
				t.Fatalf("trial %d: jᵀj[%d] = %v, want %v", trial, k, jtj[k], want[k])
			}
		}
		for k := range wantR {
			if !near(jtr[k], wantR[k], 1e-12) {
				t.Fatalf("trial %d: jᵀr[%d] = %v, want %v", trial, k, jtr[k], wantR[k])
			}
		}
		a := append([]float64(nil), jtj...)
		for i := range n {
			a[i*n+i] = jtj[i*n+i]*(1+1e-3) + 1e-12
		}
		orig := append([]float64(nil), a...)
		if !Cholesky(a, n) {
			t.Fatalf("trial %d: refused a positive definite matrix", trial)
		}
		u := make([]float64, n*n)
		for i := range n {
			for k := i; k < n; k++ {
				u[i*n+k] = a[i*n+k]
			}
		}
		utu := mul(transpose(u, n, n), u, n, n, n)
		norm := 0.0
		for _, v := range orig {
			norm = math.Max(norm, math.Abs(v))
		}
		for k := range utu {
			if math.Abs(utu[k]-orig[k]) > 1e-13*norm {
				t.Fatalf("trial %d: uᵀu[%d] = %v, want %v", trial, k, utu[k], orig[k])
			}
		}
		x := append([]float64(nil), jtr...)
		SolveCholesky(a, n, x)
		ax := mul(orig, x, n, n, 1)
		xn := 0.0
		for _, v := range x {
			xn = math.Max(xn, math.Abs(v))
		}
		for k := range ax {
			if math.Abs(ax[k]-jtr[k]) > 1e-10*norm*xn {
				t.Fatalf("trial %d: a·x − b = %v at %d", trial, ax[k]-jtr[k], k)
			}
		}
	}
}

func TestInvert(t *testing.T) {
	a := []float64{4, 7, 2, 6}
	inv, ok := Invert(a, 2)
	if !ok {
		t.Fatal("not ok")
	}
	want := []float64{0.6, -0.7, -0.2, 0.4}
	for k := range want {
		if !near(inv[k], want[k], 1e-15) {
			t.Fatalf("inverse %v, want %v", inv, want)
		}
	}
	if _, ok := Invert([]float64{1, 2, 2, 4}, 2); ok {
		t.Error("a singular matrix inverted")
	}
	if _, ok := Invert([]float64{0, 1, 1, 0}, 2); !ok {
		t.Error("a permutation (zero first pivot) not inverted")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 100 {
		n := 1 + rng.IntN(8)
		m := make([]float64, n*n)
		for k := range m {
			m[k] = rng.NormFloat64()
		}
		inv, ok := Invert(m, n)
		if !ok {
			continue
		}
		p := mul(m, inv, n, n, n)
		for i := range n {
			for j := range n {
				want := 0.0
				if i == j {
					want = 1
				}
				if math.Abs(p[i*n+j]-want) > 1e-9 {
					t.Fatalf("trial %d: m·m⁻¹[%d][%d] = %v", trial, i, j, p[i*n+j])
				}
			}
		}
	}
}
