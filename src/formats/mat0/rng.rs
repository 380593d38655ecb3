//! The MSVC C runtime's `rand()`, which the engine's random animation mode draws from
//! (docs/formats/mat0.md). Reproducing it exactly makes a random-mode material evaluate the
//! same way in the editor as in the game for a given state; the state is explicit so that
//! evaluation stays a pure function of its inputs.

/// The linear congruential generator of MSVC's `rand()`: `x = x*214013 + 2531011`, the result
/// is bits 16..30 of the new state. The C runtime's first state (before any `srand`) is 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MsvcRand {
    pub state: u32,
}

/// The largest value `rand()` returns (`RAND_MAX` of the MSVC runtime).
pub const RAND_MAX: u32 = 0x7FFF;

impl Default for MsvcRand {
    fn default() -> Self {
        MsvcRand { state: 1 }
    }
}

impl MsvcRand {
    /// A generator in state `state`, as after `srand(state)`.
    pub fn new(state: u32) -> Self {
        MsvcRand { state }
    }

    /// One call of `rand()`: advances the state and returns a value in `0..=RAND_MAX`.
    pub fn next_value(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        (self.state >> 16) & RAND_MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_values_match_the_msvc_runtime() {
        // The sequence every MSVC program prints for `rand()` without `srand`.
        let mut r = MsvcRand::default();
        let got: Vec<u32> = (0..6).map(|_| r.next_value()).collect();
        assert_eq!(got, [41, 18467, 6334, 26500, 19169, 15724]);
    }

    #[test]
    fn srand_seed_gives_its_own_sequence() {
        // srand(0): state 0, first value (2531011 >> 16) & 0x7FFF = 38.
        let mut r = MsvcRand::new(0);
        assert_eq!(r.next_value(), 38);
        assert_eq!(r.state, 2_531_011);
    }

    #[test]
    fn state_wraps_without_panicking() {
        let mut r = MsvcRand::new(u32::MAX);
        let v = r.next_value();
        assert!(v <= RAND_MAX);
        assert_eq!(r.state, u32::MAX.wrapping_mul(214_013).wrapping_add(2_531_011));
    }
}
