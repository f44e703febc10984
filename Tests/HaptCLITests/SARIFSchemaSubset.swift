/// The constraints of the SARIF 2.1.0 schema (OASIS, draft-07 JSON Schema,
/// `sarif-schema-2.1.0.json`) on every object and property `hapt --format sarif` writes:
/// required properties, types, enumerations, minimums, and `additionalProperties: false`
/// as the schema sets it on each of these objects. Objects hapt never writes are left out,
/// so a property the schema allows but this subset lacks is reported (hapt should not
/// write it unless this subset learns it).
enum SARIFSchemaSubset {
  static let json = """
    {
      "type": "object", "additionalProperties": false, "required": ["version", "runs"],
      "properties": {
        "$schema": {"type": "string"},
        "version": {"enum": ["2.1.0"]},
        "runs": {"type": "array", "minItems": 0, "items": {"$ref": "#/definitions/run"}}
      },
      "definitions": {
        "run": {
          "type": "object", "additionalProperties": false, "required": ["tool"],
          "properties": {
            "tool": {"$ref": "#/definitions/tool"},
            "results": {"type": "array", "minItems": 0, "items": {"$ref": "#/definitions/result"}},
            "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]}
          }
        },
        "tool": {
          "type": "object", "additionalProperties": false, "required": ["driver"],
          "properties": {"driver": {"$ref": "#/definitions/toolComponent"}}
        },
        "toolComponent": {
          "type": "object", "additionalProperties": false, "required": ["name"],
          "properties": {
            "name": {"type": "string"}, "version": {"type": "string"}, "semanticVersion": {"type": "string"},
            "informationUri": {"type": "string"},
            "rules": {"type": "array", "minItems": 0, "uniqueItems": true,
              "items": {"$ref": "#/definitions/reportingDescriptor"}}
          }
        },
        "reportingDescriptor": {
          "type": "object", "additionalProperties": false, "required": ["id"],
          "properties": {
            "id": {"type": "string"}, "name": {"type": "string"},
            "shortDescription": {"$ref": "#/definitions/multiformatMessageString"},
            "fullDescription": {"$ref": "#/definitions/multiformatMessageString"},
            "help": {"$ref": "#/definitions/multiformatMessageString"},
            "helpUri": {"type": "string"},
            "defaultConfiguration": {"$ref": "#/definitions/reportingConfiguration"}
          }
        },
        "multiformatMessageString": {
          "type": "object", "additionalProperties": false, "required": ["text"],
          "properties": {"text": {"type": "string"}, "markdown": {"type": "string"}}
        },
        "reportingConfiguration": {
          "type": "object", "additionalProperties": false,
          "properties": {
            "enabled": {"type": "boolean"},
            "level": {"enum": ["none", "note", "warning", "error"]},
            "rank": {"type": "number", "minimum": -1, "maximum": 100}
          }
        },
        "result": {
          "type": "object", "additionalProperties": false, "required": ["message"],
          "properties": {
            "ruleId": {"type": "string"},
            "ruleIndex": {"type": "integer", "minimum": -1},
            "level": {"enum": ["none", "note", "warning", "error"]},
            "message": {"$ref": "#/definitions/message"},
            "locations": {"type": "array", "minItems": 0, "items": {"$ref": "#/definitions/location"}}
          }
        },
        "message": {
          "type": "object", "additionalProperties": false,
          "properties": {"text": {"type": "string"}, "markdown": {"type": "string"}, "id": {"type": "string"}},
          "anyOf": [{"required": ["text"]}, {"required": ["id"]}]
        },
        "location": {
          "type": "object", "additionalProperties": false,
          "properties": {
            "id": {"type": "integer", "minimum": -1},
            "physicalLocation": {"$ref": "#/definitions/physicalLocation"}
          }
        },
        "physicalLocation": {
          "type": "object", "additionalProperties": false,
          "properties": {
            "artifactLocation": {"$ref": "#/definitions/artifactLocation"},
            "region": {"$ref": "#/definitions/region"}
          },
          "anyOf": [{"required": ["address"]}, {"required": ["artifactLocation"]}]
        },
        "artifactLocation": {
          "type": "object", "additionalProperties": false,
          "properties": {
            "uri": {"type": "string"}, "uriBaseId": {"type": "string"},
            "index": {"type": "integer", "minimum": -1}
          }
        },
        "region": {
          "type": "object", "additionalProperties": false,
          "properties": {
            "startLine": {"type": "integer", "minimum": 1}, "startColumn": {"type": "integer", "minimum": 1},
            "endLine": {"type": "integer", "minimum": 1}, "endColumn": {"type": "integer", "minimum": 1}
          }
        }
      }
    }
    """
}
