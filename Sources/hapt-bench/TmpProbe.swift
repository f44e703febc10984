import Foundation
import HaptCore
import HaptPatterns
import HaptSimulation

enum TmpProbe {
  static var cases: [Bench.Case] {
    [
      Bench.Case(name: "probe/lra-simulate", summary: "") {
        let device = try DeviceProfile.load(nameOrPath: "iphone-wideband-lra")
        guard case .lra(let p) = device.actuator else { return { 0 } }
        let model = LRAModel(parameters: p, bodyMass_kg: 0.174, sampleRate_Hz: 8000)!
        let drive = (0..<8880).map { sin(Double($0) * 0.1) }
        var out = [Double](repeating: 0, count: 8880)
        return {
          drive.withUnsafeBufferPointer { d in out.withUnsafeMutableBufferPointer { o in model.simulate(drive: d, into: o) } }
          return Int(out[100] * 0)
        }
      },
      Bench.Case(name: "probe/drive-only-continuous", summary: "") {
        let renderer = Renderer(device: try DeviceProfile.load(nameOrPath: "tablet-none"))
        _ = renderer
        let r2 = Renderer(device: try DeviceProfile.load(nameOrPath: "iphone-wideband-lra"))
        let p = HapticPattern(events: [.continuous(at: 0, duration_s: 1, intensity: 0.8, sharpness: 0.5, attackTime: 0.05, releaseTime: 0.1)])
        return { r2.render(p).drive_V.count }
      },
      Bench.Case(name: "probe/drive-only-transients", summary: "") {
        let r2 = Renderer(device: try DeviceProfile.load(nameOrPath: "iphone-wideband-lra"))
        var p = RenderBenchmarks.oneSecondPattern
        p.events.removeFirst()
        return { r2.render(p).drive_V.count }
      },
      Bench.Case(name: "probe/continuous-curve", summary: "") {
        let r2 = Renderer(device: try DeviceProfile.load(nameOrPath: "iphone-wideband-lra"))
        var p = RenderBenchmarks.oneSecondPattern
        p.events = [p.events[0]]
        return { r2.render(p).drive_V.count }
      },
      Bench.Case(name: "probe/fill-only", summary: "") {
        let c = RenderBenchmarks.oneSecondPattern.controls
        var out = [Double](repeating: 0, count: 8880)
        return { out.withUnsafeMutableBufferPointer { c.fillIntensityMultipliers(start_s: 0, step_s: 1.0/8000, into: $0) }; return 8880 }
      },
      Bench.Case(name: "probe/empty", summary: "") {
        let r2 = Renderer(device: try DeviceProfile.load(nameOrPath: "iphone-wideband-lra"))
        let p = HapticPattern(events: [.transient(at: 1, intensity: 0, sharpness: 0)])
        return { r2.render(p).drive_V.count }
      },
    ]
  }
}
