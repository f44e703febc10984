package android.os;

/**
 * Stub of android.os.Build (public SDK signature) for the compile check of the Kotlin
 * that hapt convert --format kotlin writes. SDK_INT is not a compile-time constant, as on
 * a device.
 */
public class Build {
    public static class VERSION {
        public static final int SDK_INT = Integer.parseInt("36");
    }
}
