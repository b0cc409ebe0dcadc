//! A short list kept inline, for the many small lists rules queries build (the powers
//! of a character, the characters on a side). Engines answer such questions millions of
//! times per second in simulations and search, and a heap allocation each time would
//! cost more than the question.

use std::ops::{Deref, DerefMut};

/// Up to `N` items stored inline; more spill to the heap. Derefs to a slice.
#[derive(Clone)]
pub struct SmallVec<T: Copy + Default, const N: usize> {
    len: usize,
    inline: [T; N],
    /// Holds every item once there are more than `N`.
    heap: Vec<T>,
}

impl<T: Copy + Default, const N: usize> SmallVec<T, N> {
    pub fn new() -> Self {
        SmallVec {
            len: 0,
            inline: [T::default(); N],
            heap: Vec::new(),
        }
    }

    pub fn push(&mut self, item: T) {
        if self.len < N {
            self.inline[self.len] = item;
        } else {
            if self.len == N {
                self.heap.reserve(2 * N);
                self.heap.extend_from_slice(&self.inline);
            }
            self.heap.push(item);
        }
        self.len += 1;
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = SmallVec::new();
        for &item in self.iter() {
            if keep(&item) {
                kept.push(item);
            }
        }
        *self = kept;
    }
}

impl<T: Copy + Default, const N: usize> Default for SmallVec<T, N> {
    fn default() -> Self {
        SmallVec::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for SmallVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for SmallVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        if self.len <= N {
            &mut self.inline[..self.len]
        } else {
            &mut self.heap
        }
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for SmallVec<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for SmallVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = SmallVec::new();
        for item in iter {
            v.push(item);
        }
        v
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for SmallVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for item in iter {
            self.push(item);
        }
    }
}

/// Iterates by value, so `for x in list` works like for a `Vec`.
pub struct IntoIter<T: Copy + Default, const N: usize> {
    list: SmallVec<T, N>,
    next: usize,
}

impl<T: Copy + Default, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        let item = self.list.get(self.next).copied();
        self.next += 1;
        item
    }
}

impl<T: Copy + Default, const N: usize> IntoIterator for SmallVec<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;
    fn into_iter(self) -> IntoIter<T, N> {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a SmallVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::SmallVec;

    #[test]
    fn keeps_order_inline_and_after_spilling() {
        let mut v: SmallVec<u16, 3> = SmallVec::new();
        for i in 0..10 {
            v.push(i);
            assert_eq!(&v[..], &(0..=i).collect::<Vec<_>>()[..]);
        }
        v.retain(|x| x % 2 == 0);
        assert_eq!(&v[..], &[0, 2, 4, 6, 8]);
        let w: SmallVec<u16, 3> = v.iter().rev().copied().collect();
        assert_eq!(&w[..], &[8, 6, 4, 2, 0]);
        assert_eq!(v.into_iter().sum::<u16>(), 20);
    }
}
