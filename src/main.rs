//! The `pnpkit` binary: everything happens in [`pnpkit::cli::run`].

fn main() -> std::process::ExitCode {
    keep_freed_memory();
    pnpkit::cli::run(std::env::args_os())
}

/// Asks glibc's allocator to keep memory it has freed for the next allocations instead of
/// handing it back to the kernel at once: a PDF's faces are parsed a page at a time on worker
/// threads, and giving each page's memory back only to fault it in again for the next page cost
/// more than the parsing (27,000 page faults against 5,000 for the peer workload's counters).
/// The build's peak memory is unchanged: what is kept is reused. Large blocks (a PDF's buffers)
/// still come from mmap at glibc's own threshold: kept on the heap of one thread's arena, they
/// could not be reused by another's, and a 2,000-card build's peak swung between 93 and 133 MB.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    // glibc's mallopt(3) parameters.
    const M_TRIM_THRESHOLD: std::ffi::c_int = -1;
    extern "C" {
        fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
    }
    // SAFETY: mallopt only sets allocator tuning values; it is called before any thread starts.
    unsafe {
        mallopt(M_TRIM_THRESHOLD, 64 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}
