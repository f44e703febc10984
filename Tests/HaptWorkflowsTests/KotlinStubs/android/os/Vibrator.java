package android.os;

/**
 * Stub of android.os.Vibrator: the public SDK (API 36) signatures generated Kotlin calls
 * (developer.android.com/reference/android/os/Vibrator).
 */
public abstract class Vibrator {
    public static final int VIBRATION_EFFECT_SUPPORT_UNKNOWN = 0;
    public static final int VIBRATION_EFFECT_SUPPORT_YES = 1;
    public static final int VIBRATION_EFFECT_SUPPORT_NO = 2;

    public abstract boolean hasVibrator();

    /** API 26. */
    public abstract boolean hasAmplitudeControl();

    /** API 30. */
    public int areAllEffectsSupported(int... effectIds) { return VIBRATION_EFFECT_SUPPORT_UNKNOWN; }

    /** API 30. */
    public boolean[] arePrimitivesSupported(int... primitiveIds) { return new boolean[primitiveIds.length]; }

    /** API 30. */
    public boolean areAllPrimitivesSupported(int... primitiveIds) { return false; }

    /** API 36. */
    public boolean areEnvelopeEffectsSupported() { return false; }

    public abstract void vibrate(VibrationEffect vibe);
}
