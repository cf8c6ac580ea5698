// Package linalg is the small dense linear algebra that the photo fits
// need, and no more: the right singular vectors of a tall matrix (the
// direct linear transform's null vector), the Cholesky factorization and
// solve of a symmetric positive definite system (the Levenberg–Marquardt
// step), the normal equations' products and an inverse. The matrices are
// small (at most a few hundred rows, a dozen or so columns), so plain
// loops serve; the package exists so that the browser's program does not
// link a general BLAS/LAPACK for them.
//
// Matrices are row-major slices: entry (i, j) of an r × c matrix is
// a[i*c+j].
package linalg

import (
	"math"
	"sort"
)

// maxSweeps bounds the one-sided Jacobi iteration. A sweep rotates every
// pair of columns once; the iteration converges quadratically and takes
// 6–10 sweeps on the matrices met here.
const maxSweeps = 60

// RightSingular returns the singular values of the rows × cols matrix a
// (rows ≥ cols), largest first, and the matching right singular vectors
// as the columns of v (cols × cols, row-major): a·v[:,k] has length
// sigma[k] and the columns of v are orthonormal. It uses the one-sided
// (Hestenes) Jacobi method, which finds small singular values to high
// relative accuracy. ok is false when rows < cols, a holds a NaN or an
// infinity, or the iteration does not converge. a is not changed.
func RightSingular(a []float64, rows, cols int) (sigma, v []float64, ok bool) {
	if rows < cols || cols < 1 || len(a) != rows*cols {
		return nil, nil, false
	}
	for _, x := range a {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, nil, false
		}
	}
	// u's columns are rotated until they are orthogonal: then u = a·v
	// and the singular values are u's column lengths.
	u := append([]float64(nil), a...)
	w := make([]float64, cols*cols)
	for k := range cols {
		w[k*cols+k] = 1
	}
	// A column whose length is within rounding of the matrix's size is
	// zero to working precision: it is orthogonal to every other.
	const eps = 1e-15
	frob := 0.0
	for _, x := range a {
		frob += x * x
	}
	negligible := eps * eps * frob
	converged := false
	for sweep := 0; sweep < maxSweeps && !converged; sweep++ {
		converged = true
		for p := 0; p < cols-1; p++ {
			for q := p + 1; q < cols; q++ {
				alpha, beta, gamma := 0.0, 0.0, 0.0
				for i := range rows {
					up, uq := u[i*cols+p], u[i*cols+q]
					alpha += up * up
					beta += uq * uq
					gamma += up * uq
				}
				if gamma == 0 || math.Abs(gamma) <= eps*math.Sqrt(alpha*beta) || alpha <= negligible || beta <= negligible {
					continue
				}
				converged = false
				// the rotation that makes columns p and q orthogonal
				zeta := (beta - alpha) / (2 * gamma)
				t := 1 / (math.Abs(zeta) + math.Sqrt(1+zeta*zeta))
				if zeta < 0 {
					t = -t
				}
				c := 1 / math.Sqrt(1+t*t)
				s := c * t
				rotate(u, rows, cols, p, q, c, s)
				rotate(w, cols, cols, p, q, c, s)
			}
		}
	}
	if !converged {
		return nil, nil, false
	}
	norms := make([]float64, cols)
	for k := range cols {
		s := 0.0
		for i := range rows {
			s += u[i*cols+k] * u[i*cols+k]
		}
		norms[k] = math.Sqrt(s)
	}
	order := make([]int, cols)
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(i, j int) bool { return norms[order[i]] > norms[order[j]] })
	sigma = make([]float64, cols)
	v = make([]float64, cols*cols)
	for k, from := range order {
		sigma[k] = norms[from]
		for i := range cols {
			v[i*cols+k] = w[i*cols+from]
		}
	}
	return sigma, v, true
}

// rotate replaces columns p and q of the rows × cols matrix m by
// c·p − s·q and s·p + c·q.
func rotate(m []float64, rows, cols, p, q int, c, s float64) {
	for i := range rows {
		mp, mq := m[i*cols+p], m[i*cols+q]
		m[i*cols+p] = c*mp - s*mq
		m[i*cols+q] = s*mp + c*mq
	}
}

// NullVector returns the unit vector x that minimizes |a·x| for the
// rows × cols matrix a (rows ≥ cols): the right singular vector of the
// smallest singular value (the least squares solution of a·x = 0 with
// |x| = 1). Its sign is arbitrary. ok is false where RightSingular fails.
func NullVector(a []float64, rows, cols int) ([]float64, bool) {
	_, v, ok := RightSingular(a, rows, cols)
	if !ok {
		return nil, false
	}
	x := make([]float64, cols)
	for i := range cols {
		x[i] = v[i*cols+cols-1]
	}
	return x, true
}

// Cholesky factors the symmetric n × n matrix a as uᵀ·u with u upper
// triangular, in place: on return the upper triangle of a holds u and
// the strict lower triangle is left as it was (only the upper triangle of
// a is read). ok is false, and a is partly overwritten, when a is not
// positive definite (a pivot is not positive, or is NaN).
//
// The operations come in the order of LAPACK's unblocked dpotf2 (a dot
// product subtracted from the pivot, the row scaled by the pivot's
// reciprocal), so the factor is the reference implementation's to the bit.
func Cholesky(a []float64, n int) bool {
	for j := range n {
		d := a[j*n+j]
		if j != 0 {
			dot := 0.0
			for k := range j {
				dot += a[k*n+j] * a[k*n+j]
			}
			d -= dot
		}
		if d <= 0 || math.IsNaN(d) {
			a[j*n+j] = d
			return false
		}
		d = math.Sqrt(d)
		a[j*n+j] = d
		r := 1 / d
		for i := j + 1; i < n; i++ {
			s := a[j*n+i]
			for k := range j {
				s -= a[k*n+j] * a[k*n+i]
			}
			a[j*n+i] = s * r
		}
	}
	return true
}

// SolveCholesky solves uᵀ·u·x = b in place (b becomes x), with u the
// upper triangular factor that Cholesky left in the n × n matrix u. The
// order of operations is the reference dtrsm's (each unknown scaled by its
// pivot's reciprocal).
func SolveCholesky(u []float64, n int, b []float64) {
	// uᵀ·y = b, forward
	for i := range n {
		s := b[i]
		for k := range i {
			s -= u[k*n+i] * b[k]
		}
		b[i] = s * (1 / u[i*n+i])
	}
	// u·x = y, backward
	for i := n - 1; i >= 0; i-- {
		s := b[i]
		for k := i + 1; k < n; k++ {
			s -= u[i*n+k] * b[k]
		}
		b[i] = s * (1 / u[i*n+i])
	}
}

// Normal writes the normal equations of the least squares problem
// j·x ≈ r, for the rows × cols matrix j: jtj = jᵀ·j (cols × cols) and
// jtr = jᵀ·r (cols).
func Normal(j []float64, rows, cols int, r, jtj, jtr []float64) {
	for a := range cols {
		for b := a; b < cols; b++ {
			s := 0.0
			for i := range rows {
				s += j[i*cols+a] * j[i*cols+b]
			}
			jtj[a*cols+b] = s
			jtj[b*cols+a] = s
		}
		s := 0.0
		for i := range rows {
			s += j[i*cols+a] * r[i]
		}
		jtr[a] = s
	}
}

// Invert returns the inverse of the n × n matrix a by Gauss–Jordan
// elimination with partial pivoting; ok is false when a pivot vanishes
// (a is singular, to working precision). a is not changed.
func Invert(a []float64, n int) ([]float64, bool) {
	m := append([]float64(nil), a...)
	inv := make([]float64, n*n)
	for i := range n {
		inv[i*n+i] = 1
	}
	for c := range n {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r*n+c]) > math.Abs(m[piv*n+c]) {
				piv = r
			}
		}
		if math.Abs(m[piv*n+c]) < 1e-300 {
			return nil, false
		}
		for k := range n {
			m[c*n+k], m[piv*n+k] = m[piv*n+k], m[c*n+k]
			inv[c*n+k], inv[piv*n+k] = inv[piv*n+k], inv[c*n+k]
		}
		d := m[c*n+c]
		for k := range n {
			m[c*n+k] /= d
			inv[c*n+k] /= d
		}
		for r := range n {
			if r == c {
				continue
			}
			f := m[r*n+c]
			if f == 0 {
				continue
			}
			for k := range n {
				m[r*n+k] -= f * m[c*n+k]
				inv[r*n+k] -= f * inv[c*n+k]
			}
		}
	}
	return inv, true
}
