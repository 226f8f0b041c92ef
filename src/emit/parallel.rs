//! Independent jobs on every core: the documents' PDFs, the faces' PNG previews.

use std::sync::atomic::{AtomicUsize, Ordering};

/// `f` of every item, on as many threads as the machine has cores, each thread taking the next
/// item when it is free (so one long job does not hold up a queue behind it); the results come
/// back in the items' order, so what is written does not depend on which thread was faster.
pub fn in_order<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, items.len().max(1));
    if workers == 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break mine };
                        mine.push((i, f(item)));
                    }
                })
            })
            .collect();
        // A job that panicked panics here, as it would have without threads.
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_order_of_the_items_whatever_their_cost() {
        let items: Vec<u64> = (0..200).rev().collect();
        let out = super::in_order(&items, |&n| {
            // Uneven work: early items are the slowest.
            (0..n * 1000).fold(0u64, |a, b| a.wrapping_add(b)) ^ n
        });
        let expected: Vec<u64> =
            items.iter().map(|&n| (0..n * 1000).fold(0u64, |a, b| a.wrapping_add(b)) ^ n).collect();
        assert_eq!(out, expected);
        assert!(super::in_order(&[] as &[u8], |_| 1).is_empty());
    }
}
