import CSepiaCodecs

/// Process-wide memory settings for programs that work through many images.
public enum ImageMemory {
    /// Asks glibc malloc to keep freed image buffers for the next image instead of handing
    /// them back to the kernel, which then has to fault in and zero fresh pages for each one.
    ///
    /// By default glibc serves blocks above a moving threshold (128 KiB at first) with `mmap`,
    /// and gives the top of each thread's heap back once 128 KiB of it are free. A batch of
    /// small photos then spends much of its time in the kernel's page faults (TRAPS.md,
    /// "C libraries"). After this call blocks up to 32 MiB (a 2896×2896 image) come from the
    /// heap and up to 64 MiB of free heap is kept, so a long run holds on to about what its
    /// busiest moment needed. It changes the whole process: call it from a program's entry
    /// point, not from a library.
    ///
    /// - Returns: whether the C library accepted the settings (only glibc does).
    @discardableResult
    public static func keepFreedBuffers() -> Bool {
        sepia_keep_freed_memory(32 << 20, 64 << 20) == 1
    }
}
