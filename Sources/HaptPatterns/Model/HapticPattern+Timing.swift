extension HapticPattern {
  /// The largest loop count ``looped(count:loopEnd_s:)`` expands (larger counts are
  /// clamped), so a hostile option cannot exhaust memory.
  package static let maxLoopCount = 10_000

  /// The playback rates Core Haptics accepts (CHHapticAdvancedPatternPlayer.playbackRate).
  package static let playbackRateRange: ClosedRange<Double> = 0.5...2

  /// The pattern played `count` times back to back, looping at `loopEnd_s`
  /// (CHHapticAdvancedPatternPlayer `loopEnabled`, `loopEnd`), as one unrolled pattern.
  ///
  /// Iteration `i` starts at `i * loopEnd`. With `loopEnd` at or after the pattern's
  /// duration (the default) every item plays in every iteration. With an earlier
  /// `loopEnd`, items that start at or after it are dropped, continuous events are cut to
  /// end at it, and curves are cut there (with a point interpolated at `loopEnd`). Each
  /// iteration after the first starts with the intensity and sharpness controls reset to
  /// their defaults (our choice: playback restarts from the top of the pattern), for every
  /// control the pattern uses.
  ///
  /// - Parameters:
  ///   - count: number of plays, clamped to 1...``maxLoopCount``.
  ///   - loopEnd_s: where each iteration ends, in seconds; nil, non-finite or not positive
  ///     means the pattern's duration.
  /// - Returns: the unrolled pattern (the pattern itself for one play without `loopEnd_s`).
  /// - Complexity: O(count * size of the pattern).
  package func looped(count: Int, loopEnd_s: Double? = nil) -> HapticPattern {
    let plays = Swift.min(Swift.max(count, 1), Self.maxLoopCount)
    let duration = duration_s
    let loopEnd: Double
    if let loopEnd_s, loopEnd_s.isFinite, loopEnd_s > 0 { loopEnd = loopEnd_s } else { loopEnd = duration }
    if plays == 1 && loopEnd >= duration { return self }
    let cuts = loopEnd < duration
    func keeps(_ time_s: Double) -> Bool { !cuts || time_s < loopEnd }

    var oneEvents: [HapticEvent] = []
    for var event in events where keeps(event.time_s) {
      if cuts, event.type.hasDuration { event.duration_s = Swift.min(event.duration_s, loopEnd - event.time_s) }
      oneEvents.append(event)
    }
    let oneSteps = parameterSteps.filter { keeps($0.time_s) }
    var oneCurves: [ParameterCurve] = []
    for curve in parameterCurves {
      guard let start = curve.start_s, keeps(start) else { continue }
      oneCurves.append(cuts ? curve.cut(at: loopEnd) : curve)
    }
    let resetIDs = [DynamicParameterID.hapticIntensityControl, .hapticSharpnessControl].filter { id in
      parameterSteps.contains { $0.parameterID == id } || parameterCurves.contains { $0.parameterID == id }
    }

    var result = self
    result.events = []
    result.parameterSteps = []
    result.parameterCurves = []
    result.events.reserveCapacity(oneEvents.count * plays)
    for play in 0..<plays {
      let offset = Double(play) * loopEnd
      if play > 0 {
        for id in resetIDs {
          result.parameterSteps.append(ParameterStep(parameterID: id, time_s: offset, value: id.defaultValue))
        }
      }
      for var event in oneEvents {
        event.time_s += offset
        result.events.append(event)
      }
      for var step in oneSteps {
        step.time_s += offset
        result.parameterSteps.append(step)
      }
      for var curve in oneCurves {
        curve.time_s += offset
        result.parameterCurves.append(curve)
      }
    }
    return result
  }

  /// The pattern played at `rate` times normal speed: every time and duration scaled by
  /// 1/rate; intensities, sharpness (so frequencies) and envelope fractions unchanged.
  ///
  /// - Parameter rate: playback rate, clamped to ``playbackRateRange`` (0.5...2, as
  ///   Core Haptics); a non-finite rate means 1.
  /// - Complexity: O(size of the pattern).
  package func atPlaybackRate(_ rate: Double) -> HapticPattern {
    let clamped =
      rate.isFinite
      ? Swift.min(Swift.max(rate, Self.playbackRateRange.lowerBound), Self.playbackRateRange.upperBound) : 1
    if clamped == 1 { return self }
    let scale = 1 / clamped
    var result = self
    for i in result.events.indices {
      result.events[i].time_s *= scale
      result.events[i].duration_s *= scale
    }
    for i in result.parameterSteps.indices {
      result.parameterSteps[i].time_s *= scale
    }
    for i in result.parameterCurves.indices {
      result.parameterCurves[i].time_s *= scale
      for j in result.parameterCurves[i].controlPoints.indices {
        result.parameterCurves[i].controlPoints[j].time_s *= scale
      }
    }
    return result
  }
}

extension ParameterCurve {
  /// The curve with its points after pattern time `end_s` removed and, where a segment
  /// crosses `end_s`, a point interpolated there.
  func cut(at end_s: Double) -> ParameterCurve {
    var result = self
    result.controlPoints = []
    var previous: ControlPoint?
    for point in controlPoints {
      let t = time_s + point.time_s
      if t <= end_s {
        result.controlPoints.append(point)
        previous = point
        continue
      }
      if let previous, time_s + previous.time_s < end_s {
        let t0 = time_s + previous.time_s
        let fraction = (end_s - t0) / (t - t0)
        let value = previous.value + fraction * (point.value - previous.value)
        result.controlPoints.append(ControlPoint(time_s: end_s - time_s, value: value))
      }
      break
    }
    return result
  }
}
