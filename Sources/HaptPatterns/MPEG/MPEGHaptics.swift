/// An MPEG-I Haptics experience (ISO/IEC 23090-31): the content of an interchange
/// `.hjif` file or a binary `.hmpg` stream, as values.
///
/// Times are in ticks: `position / timescale` seconds. Perceptions hold channels, channels
/// bands, bands effects, effects keyframes (Docs/Formats-MPEG.md). `Vibrotactile`
/// perceptions are rendered, and `Other` ones (the reference encoder's default) as
/// vibrotactile; the others are kept and named in findings.
package struct MPEGHaptics: Equatable, Sendable {
  package var version: String
  package var profile: String
  package var level: Int
  package var date: String
  package var description: String
  /// Ticks per second (the schema's default is 1000).
  package var timescale: Int
  package var perceptions: [Perception]

  package init(
    version: String = "2023", profile: String = "Simple Parametric", level: Int = 1, date: String = "",
    description: String = "", timescale: Int = 1000, perceptions: [Perception] = []
  ) {
    self.version = version
    self.profile = profile
    self.level = level
    self.date = date
    self.description = description
    self.timescale = timescale
    self.perceptions = perceptions
  }

  /// One perception: a modality and the channels that carry it.
  package struct Perception: Equatable, Sendable {
    package var id: Int
    /// `perception_modality` as written (`Vibrotactile`, `Force`, `Temperature`, ...).
    package var modality: String
    package var description: String
    package var avatarID: Int
    /// `unit_exponent`: the 10^x of the independent variable's SI unit (default -3).
    package var unitExponent: Int
    /// `perception_unit_exponent`: the 10^x of the signal's SI unit; the decoded signal is
    /// multiplied by 10^x (default 0).
    package var perceptionUnitExponent: Int
    package var effectLibrary: [Effect]
    package var referenceDevices: [ReferenceDevice]
    package var channels: [Channel]

    package init(
      id: Int = 0, modality: String = "Vibrotactile", description: String = "", avatarID: Int = 0,
      unitExponent: Int = -3, perceptionUnitExponent: Int = 0, effectLibrary: [Effect] = [],
      referenceDevices: [ReferenceDevice] = [], channels: [Channel] = []
    ) {
      self.id = id
      self.modality = modality
      self.description = description
      self.avatarID = avatarID
      self.unitExponent = unitExponent
      self.perceptionUnitExponent = perceptionUnitExponent
      self.effectLibrary = effectLibrary
      self.referenceDevices = referenceDevices
      self.channels = channels
    }

    /// Whether the modality is `Vibrotactile`.
    package var isVibrotactile: Bool { modality == "Vibrotactile" }

    /// Whether hapt renders this perception: `Vibrotactile`, or `Other`, the modality the
    /// MPEG reference encoder gives every perception it creates from AHAP, IVS or WAV input
    /// (unless an OHM file names another) and which its synthesizer renders like any other.
    /// Force, temperature and the other physical modalities are read, not rendered: hapt
    /// drives one vibrotactile actuator.
    package var isRendered: Bool { isVibrotactile || modality == Self.unspecifiedModality }

    /// `Other`: the modality of a perception whose author named none.
    package static let unspecifiedModality = "Other"
  }

  /// The actuator a perception was designed for.
  package struct ReferenceDevice: Equatable, Sendable {
    package var id: Int
    package var name: String
    package var bodyPartMask: UInt32?
    package var minimumFrequency_Hz: Double?
    package var maximumFrequency_Hz: Double?
    package var resonanceFrequency_Hz: Double?
    /// `maximum_amplitude`: the acceleration amplitude 1 stands for on this device.
    package var maximumAmplitude: Double?
    /// `type`: LRA, VCA, ERM, Piezo or Unknown.
    package var type: String?

    package init(
      id: Int, name: String, bodyPartMask: UInt32? = nil, minimumFrequency_Hz: Double? = nil,
      maximumFrequency_Hz: Double? = nil, resonanceFrequency_Hz: Double? = nil,
      maximumAmplitude: Double? = nil, type: String? = nil
    ) {
      self.id = id
      self.name = name
      self.bodyPartMask = bodyPartMask
      self.minimumFrequency_Hz = minimumFrequency_Hz
      self.maximumFrequency_Hz = maximumFrequency_Hz
      self.resonanceFrequency_Hz = resonanceFrequency_Hz
      self.maximumAmplitude = maximumAmplitude
      self.type = type
    }
  }

  /// One channel: bands that add, then a clamp to -1...1 and the gain.
  package struct Channel: Equatable, Sendable {
    package var id: Int
    package var description: String
    package var referenceDeviceID: Int?
    package var gain: Double
    /// `mixing_coefficient`: the channel's weight when channels are mixed onto one actuator.
    package var mixingCoefficient: Double
    package var bodyPartMask: UInt32
    /// `frequency_sampling` of the original signal, Hz.
    package var frequencySampling_Hz: Int?
    package var sampleCount: Int?
    package var bands: [Band]

    package init(
      id: Int = 0, description: String = "", referenceDeviceID: Int? = nil, gain: Double = 1,
      mixingCoefficient: Double = 1, bodyPartMask: UInt32 = 0, frequencySampling_Hz: Int? = nil,
      sampleCount: Int? = nil, bands: [Band] = []
    ) {
      self.id = id
      self.description = description
      self.referenceDeviceID = referenceDeviceID
      self.gain = gain
      self.mixingCoefficient = mixingCoefficient
      self.bodyPartMask = bodyPartMask
      self.frequencySampling_Hz = frequencySampling_Hz
      self.sampleCount = sampleCount
      self.bands = bands
    }
  }

  package enum BandType: String, CaseIterable, Sendable {
    case transient = "Transient"
    case curve = "Curve"
    case vectorialWave = "VectorialWave"
    case waveletWave = "WaveletWave"
  }

  /// The interpolation of a Curve band's keyframes.
  package enum CurveType: String, CaseIterable, Sendable {
    case linear = "Linear"
    case cubic = "Cubic"
    case akima = "Akima"
    case bezier = "Bezier"
    case bSpline = "BSpline"
    case unknown = "Unknown"
  }

  /// One band: effects of one kind within a frequency range.
  package struct Band: Equatable, Sendable {
    package var type: BandType
    /// `curve_type`, Curve bands only (nil: not given).
    package var curveType: CurveType?
    /// `block_length` of a WaveletWave band.
    package var blockLength: Int?
    package var lowerFrequencyLimit_Hz: Double
    package var upperFrequencyLimit_Hz: Double
    package var effects: [Effect]

    package init(
      type: BandType, curveType: CurveType? = nil, blockLength: Int? = nil,
      lowerFrequencyLimit_Hz: Double = 0, upperFrequencyLimit_Hz: Double = 1000, effects: [Effect] = []
    ) {
      self.type = type
      self.curveType = curveType
      self.blockLength = blockLength
      self.lowerFrequencyLimit_Hz = lowerFrequencyLimit_Hz
      self.upperFrequencyLimit_Hz = upperFrequencyLimit_Hz
      self.effects = effects
    }
  }

  package enum EffectType: String, CaseIterable, Sendable {
    case basis = "Basis"
    case composite = "Composite"
    case reference = "Reference"
  }

  /// The carrier of a VectorialWave effect, a function of phase (Docs/Formats-MPEG.md).
  package enum BaseSignal: String, CaseIterable, Sendable {
    case sine = "Sine"
    case square = "Square"
    case triangle = "Triangle"
    case sawToothUp = "SawToothUp"
    case sawToothDown = "SawToothDown"
  }

  /// One effect: keyframes at a position, a library reference, or a composition.
  package struct Effect: Equatable, Sendable {
    /// `id`: a library effect's id, or the id a Reference effect points at.
    package var id: Int?
    package var type: EffectType
    /// Start, in ticks (`position / timescale` seconds).
    package var position: Int
    /// Phase of the carrier at the effect's start, radians (0...2 pi).
    package var phase_rad: Double
    package var baseSignal: BaseSignal
    package var keyframes: [Keyframe]
    /// A Composite effect's parts, positioned relative to this effect.
    package var composition: [Effect]
    /// A WaveletWave effect's encoded block: the arithmetic coder's bits in order, packed
    /// most significant bit first (what base64-decoding `.hjif`'s `wavelet_stream` gives;
    /// a `.hmpg` stream packs each byte least significant bit first and is reversed on
    /// reading).
    package var waveletStream: [UInt8]?

    package init(
      id: Int? = nil, type: EffectType = .basis, position: Int = 0, phase_rad: Double = 0,
      baseSignal: BaseSignal = .sine, keyframes: [Keyframe] = [], composition: [Effect] = [],
      waveletStream: [UInt8]? = nil
    ) {
      self.id = id
      self.type = type
      self.position = position
      self.phase_rad = phase_rad
      self.baseSignal = baseSignal
      self.keyframes = keyframes
      self.composition = composition
      self.waveletStream = waveletStream
    }

    /// The effect's length in ticks: the last keyframe's relative position (0 without one).
    package var length: Int { keyframes.compactMap(\.relativePosition).max() ?? 0 }
  }

  /// A point of an effect: at a relative position, an amplitude and/or a frequency.
  package struct Keyframe: Equatable, Sendable {
    /// Ticks after the effect's position (nil: not given, treated as 0).
    package var relativePosition: Int?
    /// `amplitude_modulation`, -1...1.
    package var amplitude: Double?
    /// `frequency_modulation`, Hz.
    package var frequency_Hz: Double?

    package init(_ relativePosition: Int?, amplitude: Double? = nil, frequency_Hz: Double? = nil) {
      self.relativePosition = relativePosition
      self.amplitude = amplitude
      self.frequency_Hz = frequency_Hz
    }
  }
}
