import Foundation
import HaptCore
import Testing

@testable import HaptMetrics
import HaptSignals

@Suite struct STSIMTests {
  @Test func fixturesLoaded() {
    #expect(VibromafFixtures.signals.count == 19)
    #expect(VibromafFixtures.pairs.count == 127)
    #expect(VibromafFixtures.padded.count == 6)
    #expect(VibromafFixtures.signals.values.allSatisfy { $0.allSatisfy(\.isFinite) })
  }

  /// hapt's ST-SIM agrees with vibromaf's to 1e-9; where vibromaf returns a complex number
  /// (negative mean temporal similarity), hapt returns 0 and its components reproduce
  /// vibromaf's modulus and argument.
  @Test(arguments: VibromafFixtures.pairs)
  func agreesWithVibromaf(_ pair: VibromafFixtures.Pair) throws {
    let d = VibromafFixtures.signal(pair.distorted), r = VibromafFixtures.signal(pair.reference)
    let score = try SimilarityReference.stsim(distorted: d, reference: r, transform: testTransform)
    if pair.stsimImaginary == 0 {
      #expect(agrees(score, pair.stsim), "hapt \(score), vibromaf \(pair.stsim)")
    } else {
      #expect(score == 0)
      let (temporal, spectral) = try SimilarityReference.stsimComponents(
        distorted: d, reference: r, transform: testTransform)
      #expect(temporal < 0)
      // vibromaf: (-|t|)^(2/3) * s^(1/3) = |t|^(2/3) s^(1/3) e^(2 pi i / 3).
      let modulus = pow(-temporal, 2.0 / 3.0) * pow(spectral, 1 - 2.0 / 3.0)
      #expect(agrees(modulus * cos(2 * Double.pi / 3), pair.stsim))
      #expect(agrees(modulus * sin(2 * Double.pi / 3), pair.stsimImaginary))
    }
  }

  @Test func identicalInputsGiveExactlyOne() throws {
    for (name, x) in VibromafFixtures.signals where x.count >= 512 {
      #expect(
        try SimilarityReference.stsim(distorted: x, reference: x, transform: testTransform) == 1, "\(name)")
      var negatedZeros = x
      for i in negatedZeros.indices where negatedZeros[i] == 0 { negatedZeros[i] = -0.0 }
      #expect(
        try SimilarityReference.stsim(distorted: negatedZeros, reference: x, transform: testTransform) == 1)
    }
  }

  @Test func distortedShorterThanReferenceIsAnError() {
    let x = VibromafFixtures.signal("noise_a")
    #expect(throws: InputError.self) {
      try SimilarityReference.stsim(distorted: Array(x[0..<1000]), reference: x, transform: testTransform)
    }
  }

  @Test func signalShorterThanOneBlockIsAnError() throws {
    let x = Array(VibromafFixtures.signal("noise_a")[0..<511])
    var y = x
    y[3] += 0.5
    do {
      _ = try SimilarityReference.stsim(distorted: y, reference: x, transform: testTransform)
      Issue.record("no error")
    } catch let error as InputError {
      #expect(error.isBadData)
      #expect(error.description.contains("511 samples"))
      #expect(error.description.contains("512"))
    }
    // As in the reference, identical signals are 1 before the length is checked.
    #expect(try SimilarityReference.stsim(distorted: x, reference: x, transform: testTransform) == 1)
    #expect(try SimilarityReference.stsim(distorted: [], reference: [], transform: testTransform) == 1)
  }
}

/// The public entry points (FFTW's DCT) give the same values as the tested internals.
@Suite struct SimilarityPublicAPITests {
  @Test func publicScoresAgreeWithVibromaf() throws {
    for pair in VibromafFixtures.pairs.prefix(40) where pair.stsimImaginary == 0 {
      let d = VibromafFixtures.signal(pair.distorted), r = VibromafFixtures.signal(pair.reference)
      #expect(agrees(try STSIM.score(distorted: d, reference: r), pair.stsim))
      #expect(agrees(try SPQI.score(distorted: d, reference: r), pair.spqi))
    }
    let x = VibromafFixtures.signal("taps_1s")
    #expect(try STSIM.score(distorted: x, reference: x) == 1)
    #expect(try SPQI.score(distorted: x, reference: x) == 1)
    #expect(try STSIM.components(distorted: x, reference: x) == (1, 1))
    #expect(throws: InputError.self) { try SPQI.score(distorted: [0.1, 0.2], reference: [0.3, 0.4]) }
  }

  @Test func featuresFromASignal() {
    let x = VibromafFixtures.signal("tap_short_1300")
    let f = SimilarityFeatures(Signal(samples: x, sampleRate_Hz: 8000))
    #expect(f.blockCount == 3 && f.sampleCount == 1300 && f.sampleRate_Hz == 8000)
    let g = SimilarityFeatures(Signal(samples: VibromafFixtures.signal("tap_short_600"), sampleRate_Hz: 8000))
    let golden = VibromafFixtures.padded[0]
    #expect(golden.a == "tap_short_600" && golden.b == "tap_short_1300")
    let r = similarity(g, f, convention: .reference)
    #expect(agrees(r.stsimAB, golden.stsimAB) && agrees(r.spqiBA, golden.spqiBA))
  }
}
