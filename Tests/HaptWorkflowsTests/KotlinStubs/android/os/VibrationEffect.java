package android.os;

/**
 * Stub of android.os.VibrationEffect: the public SDK (API 36) signatures generated Kotlin
 * calls (developer.android.com/reference/android/os/VibrationEffect). Hidden constants
 * (EFFECT_THUD, EFFECT_POP, EFFECT_TEXTURE_TICK) are left out, as apps cannot use them.
 */
public abstract class VibrationEffect {
    public static final int DEFAULT_AMPLITUDE = -1;
    public static final int EFFECT_CLICK = 0;
    public static final int EFFECT_DOUBLE_CLICK = 1;
    public static final int EFFECT_TICK = 2;
    public static final int EFFECT_HEAVY_CLICK = 5;

    public static VibrationEffect createOneShot(long milliseconds, int amplitude) { return null; }

    public static VibrationEffect createWaveform(long[] timings, int repeat) { return null; }

    public static VibrationEffect createWaveform(long[] timings, int[] amplitudes, int repeat) { return null; }

    /** API 29. */
    public static VibrationEffect createPredefined(int effectId) { return null; }

    /** API 30. */
    public static Composition startComposition() { return new Composition(); }

    /** API 36. */
    public static VibrationEffect createRepeatingEffect(VibrationEffect effect) { return null; }

    /** API 36. */
    public static VibrationEffect createRepeatingEffect(VibrationEffect preamble, VibrationEffect repeatingEffect) {
        return null;
    }

    /** API 30. */
    public static final class Composition {
        public static final int PRIMITIVE_NOOP = 0;
        public static final int PRIMITIVE_CLICK = 1;
        public static final int PRIMITIVE_THUD = 2;
        public static final int PRIMITIVE_SPIN = 3;
        public static final int PRIMITIVE_QUICK_RISE = 4;
        public static final int PRIMITIVE_SLOW_RISE = 5;
        public static final int PRIMITIVE_QUICK_FALL = 6;
        public static final int PRIMITIVE_TICK = 7;
        public static final int PRIMITIVE_LOW_TICK = 8;
        /** API 36. */
        public static final int DELAY_TYPE_PAUSE = 0;
        /** API 36. */
        public static final int DELAY_TYPE_RELATIVE_START_OFFSET = 1;

        public Composition addPrimitive(int primitiveId) { return this; }

        public Composition addPrimitive(int primitiveId, float scale) { return this; }

        public Composition addPrimitive(int primitiveId, float scale, int delay) { return this; }

        /** API 36. */
        public Composition addPrimitive(int primitiveId, float scale, int delay, int delayType) { return this; }

        public VibrationEffect compose() { return null; }
    }

    /** API 36. */
    public static final class BasicEnvelopeBuilder {
        public BasicEnvelopeBuilder() {}

        public BasicEnvelopeBuilder setInitialSharpness(float initialSharpness) { return this; }

        public BasicEnvelopeBuilder addControlPoint(float intensity, float sharpness, long durationMillis) {
            return this;
        }

        public VibrationEffect build() { return null; }
    }

    /** API 36. */
    public static final class WaveformEnvelopeBuilder {
        public WaveformEnvelopeBuilder() {}

        public WaveformEnvelopeBuilder setInitialFrequencyHz(float initialFrequencyHz) { return this; }

        public WaveformEnvelopeBuilder addControlPoint(float amplitude, float frequencyHz, long durationMillis) {
            return this;
        }

        public VibrationEffect build() { return null; }
    }
}
