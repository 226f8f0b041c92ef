//! What pnpkit asks the operating system about other processes: whether one still runs. The
//! output staging (`emit`) and the temporary folders of git editions (`load`) both keep what a
//! running process may still be writing.

/// Whether the process `pid` is still running. Where this cannot be asked, every process is
/// taken to run, so nothing of another process is ever removed.
pub fn is_running(pid: u32) -> bool {
    #[cfg(unix)]
    {
        use rustix::process::{test_kill_process, Pid};
        match i32::try_from(pid).ok().and_then(Pid::from_raw) {
            Some(pid) => test_kill_process(pid) != Err(rustix::io::Errno::SRCH),
            None => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}
