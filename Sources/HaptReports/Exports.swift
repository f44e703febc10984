@_exported import HaptCore
