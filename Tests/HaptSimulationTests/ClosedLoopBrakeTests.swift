import Foundation
import HaptPatterns
import HaptFormats
import HaptSimulation
import Testing

/// The LRA brake is the driver's back-EMF feedback, cut where the mass has stopped; an
/// ERM plays the same whatever the sharpness (Docs/Simulation.md, "Braking" and "ERM
/// drive").
@Suite struct ClosedLoopBrakeTests {
  static let android = try! Fixtures.shippedProfile("android-lra-235")

  static func tap(_ sharpness: Double, intensity: Double = 1) -> HapticPattern {
    HapticPattern(events: [.transient(at: 0, intensity: intensity, sharpness: sharpness)])
  }

  /// The samples of the tap's brake window (open loop): after its two cycles of drive.
  static func brakeWindow(_ sharpness: Double, latency_s: Double) -> Range<Int> {
    let f = 200 + sharpness * 70.0
    let n1 = Int(((latency_s + 2 / f) * 8000 - 1e-9).rounded(.up))
    return n1..<(n1 + Int((8000 / f - 1e-9).rounded(.up)))
  }

  /// Before the brake the drive and the motion are those of the open-loop render (the
  /// drive bit for bit); inside it the brake stays within the event's amplitude (2 V) and opposes
  /// the motion (it takes energy out: the ringing after it is smaller than without any
  /// brake and than after the open-loop brake, which drives the stopped mass again).
  @Test(arguments: [0.0, 0.3, 0.6, 0.9, 1.0])
  func theBrakeStopsTheMassAndNeverDrivesItAgain(_ sharpness: Double) throws {
    let renderer = Renderer(device: Self.android)
    let closed = renderer.render(Self.tap(sharpness))
    let open = renderer.render(Self.tap(sharpness), options: .init(), closedLoopBrakes: false)
    var unbraked = Self.android
    unbraked.drive.brakeCycles = 0
    let free = Renderer(device: unbraked).render(Self.tap(sharpness))
    let window = Self.brakeWindow(sharpness, latency_s: closed.latency_s)
    let (d, a) = (closed.drive_V.samples, closed.acceleration_g.samples)
    #expect(Array(d[..<window.lowerBound]) == Array(open.drive_V.samples[..<window.lowerBound]))
    // The braking render steps one sample at a time, the plain one four at a time: the
    // same recursion, differing by rounding only (LRABlockStep).
    let before = zip(a[..<window.lowerBound], open.acceleration_g.samples[..<window.lowerBound])
    #expect(before.allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(d[window].allSatisfy { abs($0) <= 2 + 1e-12 })
    #expect(d[window.upperBound...].allSatisfy { $0 == 0 })
    func ringing(_ x: [Double]) -> Double { x[(window.upperBound + 8)...].reduce(0) { max($0, abs($1)) } }
    let (mine, none, openLoop) = (
      ringing(a), ringing(free.acceleration_g.samples), ringing(open.acceleration_g.samples)
    )
    #expect(mine < 0.5 * none, "sharpness \(sharpness): ringing \(mine) g, without a brake \(none) g")
    #expect(mine < openLoop, "sharpness \(sharpness): ringing \(mine) g, open-loop brake \(openLoop) g")
  }

  /// Only profiles whose driver brakes take the closed-loop path: a profile without a
  /// brake renders as before, bit for bit, whichever path is asked for.
  @Test func aDriverWithoutBrakeIsUnchanged() throws {
    let device = try Fixtures.shippedProfile("iphone-wideband-lra")
    let pattern = HapticPattern(events: [
      .transient(at: 0, intensity: 1, sharpness: 0.4),
      .continuous(at: 0.05, duration_s: 0.1, intensity: 0.6, sharpness: 0.8),
    ])
    let renderer = Renderer(device: device)
    #expect(renderer.render(pattern) == renderer.render(pattern, options: .init(), closedLoopBrakes: false))
  }

  /// An ERM's speed, so its frequency, follows its drive level and drive time, not
  /// sharpness: taps and buzzes of every sharpness drive it the same.
  @Test(arguments: ["erm-phone", "erm-budget-amplitude"])
  func sharpnessChangesNothingAnERMPlays(_ name: String) throws {
    let renderer = Renderer(device: try Fixtures.shippedProfile(name))
    for intensity in [0.3, 1.0] {
      let tap0 = renderer.render(Self.tap(0, intensity: intensity))
      let buzz0 = renderer.render(
        HapticPattern(events: [.continuous(at: 0, duration_s: 0.2, intensity: intensity, sharpness: 0)]))
      for s in [0.3, 1.0] {
        #expect(renderer.render(Self.tap(s, intensity: intensity)).drive_V == tap0.drive_V, "tap at \(s)")
        let buzz = renderer.render(
          HapticPattern(events: [.continuous(at: 0, duration_s: 0.2, intensity: intensity, sharpness: s)]))
        #expect(buzz.drive_V == buzz0.drive_V, "buzz at \(s)")
      }
    }
  }
}
