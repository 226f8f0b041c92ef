//! The last few results of a costly choice, kept by the SHA-256 of the numbers it was made from.
//! `pnpkit watch` draws the map again after every change to the pack, though most changes leave
//! it as it was: choosing its routes and its tiling is most of that work. The same numbers give
//! the same choice, so the output is the same whether a result is kept or made anew.

use std::sync::Mutex;

use sha2::{Digest, Sha256};

/// Results by the hash of their inputs, the oldest dropped first.
pub(crate) struct Recent<V> {
    kept: Mutex<Vec<([u8; 32], V)>>,
    /// How many are kept at most: as many as one build makes.
    most: usize,
}

impl<V: Clone> Recent<V> {
    pub(crate) const fn new(most: usize) -> Recent<V> {
        Recent { kept: Mutex::new(Vec::new()), most }
    }

    /// The result kept for `inputs`, else `make()`'s, kept from now on.
    pub(crate) fn get_or(&self, inputs: impl IntoIterator<Item = f64>, make: impl FnOnce() -> V) -> V {
        let mut hash = Sha256::new();
        inputs.into_iter().for_each(|v| hash.update(v.to_bits().to_le_bytes()));
        let key: [u8; 32] = hash.finalize().into();
        let found = self.kept.lock().ok().and_then(|kept| kept.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()));
        if let Some(value) = found {
            return value;
        }
        let value = make();
        if let Ok(mut kept) = self.kept.lock() {
            if kept.len() >= self.most {
                kept.remove(0);
            }
            kept.push((key, value.clone()));
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_made_once_for_the_same_inputs_and_anew_for_others() {
        static RECENT: Recent<f64> = Recent::new(3);
        let made = std::cell::Cell::new(0);
        let get = |inputs: [f64; 2]| {
            RECENT.get_or(inputs, || {
                made.set(made.get() + 1);
                inputs[0] + inputs[1]
            })
        };
        assert_eq!((get([1.0, 2.0]), get([1.0, 2.0]), get([2.0, 1.0])), (3.0, 3.0, 3.0));
        assert_eq!(made.get(), 2);
        // The oldest is dropped once more than 3 are kept.
        for i in 0..3 {
            get([10.0, f64::from(i)]);
        }
        get([1.0, 2.0]);
        assert_eq!(made.get(), 2 + 3 + 1);
    }
}
