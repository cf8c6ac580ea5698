package photo

// ForgetDraws drops the Monte Carlo's sampled calibrations c keeps
// (keptDraws), so the next Analyse on c refits them: the cost of a
// click before they were kept, for BenchmarkPhotoModeRefit.
func ForgetDraws(c *Calibration) {
	if c.draws != nil {
		c.draws.mu.Lock()
		c.draws.last = nil
		c.draws.mu.Unlock()
	}
}

// KeptDraws is the sampled calibrations c keeps (nil when none).
func KeptDraws(c *Calibration) any {
	c.draws.mu.Lock()
	defer c.draws.mu.Unlock()
	if c.draws.last == nil {
		return nil
	}
	return c.draws.last
}
