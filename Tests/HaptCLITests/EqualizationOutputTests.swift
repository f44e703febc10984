import HaptTestSupport
import Foundation
import Testing

/// `hapt devices` shows a driver's equalisation and where the voltage cap stops it.
@Suite(.tags(.endToEnd), .slow) struct EqualizationOutputTests {
  @Test func devicesShowsTheEqualisationAndItsBand() throws {
    let run = try HaptInProcess.run(["devices"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("equalization (type actuatorResponse referenceFrequency_Hz 170)"))
    #expect(run.stdout.contains("fullyEqualizedFrom_Hz 136.2"))
    #expect(run.stdout.contains("fullyEqualizedTo_Hz 230"))
    // Plain drivers show none of it.
    let android = try #require(run.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix("android-lra-235") })
    #expect(!android.contains("equalization"))
  }

  @Test func devicesJSONCarriesTheEqualisation() throws {
    let run = try HaptInProcess.run(["devices", "--format", "json"])
    #expect(run.status == 0)
    let profiles = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    let iphone = try #require(profiles.first { $0["name"] as? String == "iphone-wideband-lra" })
    let drive = try #require(iphone["drive"] as? [String: Any])
    let equalization = try #require(drive["equalization"] as? [String: Any])
    #expect(equalization["type"] as? String == "actuatorResponse")
    #expect(equalization["referenceFrequency_Hz"] as? Double == 170)
    let derived = try #require(iphone["derived"] as? [String: Any])
    #expect(abs((derived["fullIntensityAtFmin_g"] as? Double ?? 0) - 0.1655) < 0.001)
  }
}
