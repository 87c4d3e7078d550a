// Generated from EmitAnswerSchema (shared/answer.ts): its JSON Schema, compiled by ajv's standalone
// code generator. Do not edit: test/unit/answer-check.test.ts fails when this is stale and rewrites it
// when run with UPDATE_GENERATED=1.
/* eslint-disable */
// @ts-nocheck
'use strict';
export const validate = validate10;
export default validate10;
const schema11 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    eventId: { type: 'string' },
    decision: { type: 'string', enum: ['allow', 'block', 'cancel'] },
    reason: { type: ['string', 'null'] },
    context: { type: ['string', 'null'] },
    updatedInput: {},
    permissionDecision: { type: ['string', 'null'] },
    dispatches: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rule: { type: 'string' },
          source: { type: 'string' },
          outcome: { type: 'string', enum: ['ok', 'failed', 'timeout', 'blocked', 'skipped'] },
          exitCode: {
            anyOf: [
              { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
              { type: 'null' },
            ],
          },
          signal: { type: ['string', 'null'] },
          timedOut: { type: 'boolean' },
          durationMs: { type: 'number' },
          skipReason: { type: ['string', 'null'] },
        },
        required: ['rule', 'source', 'outcome', 'exitCode', 'signal', 'timedOut', 'durationMs', 'skipReason'],
        additionalProperties: false,
      },
    },
    protocol: {
      type: 'object',
      properties: {
        exitCode: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
        stdout: { type: 'string' },
        stderr: { type: 'string' },
      },
      required: ['exitCode', 'stdout', 'stderr'],
      additionalProperties: false,
    },
  },
  required: ['eventId', 'decision', 'reason', 'context', 'permissionDecision', 'dispatches', 'protocol'],
  additionalProperties: false,
};
function validate10(data, { instancePath = '', parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == 'object' && !Array.isArray(data)) {
    if (data.eventId === undefined) {
      const err0 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'eventId' },
        message: "must have required property '" + 'eventId' + "'",
      };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.decision === undefined) {
      const err1 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'decision' },
        message: "must have required property '" + 'decision' + "'",
      };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.reason === undefined) {
      const err2 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'reason' },
        message: "must have required property '" + 'reason' + "'",
      };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.context === undefined) {
      const err3 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'context' },
        message: "must have required property '" + 'context' + "'",
      };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.permissionDecision === undefined) {
      const err4 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'permissionDecision' },
        message: "must have required property '" + 'permissionDecision' + "'",
      };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    if (data.dispatches === undefined) {
      const err5 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'dispatches' },
        message: "must have required property '" + 'dispatches' + "'",
      };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    if (data.protocol === undefined) {
      const err6 = {
        instancePath,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'protocol' },
        message: "must have required property '" + 'protocol' + "'",
      };
      if (vErrors === null) {
        vErrors = [err6];
      } else {
        vErrors.push(err6);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!(
        key0 === 'eventId' ||
        key0 === 'decision' ||
        key0 === 'reason' ||
        key0 === 'context' ||
        key0 === 'updatedInput' ||
        key0 === 'permissionDecision' ||
        key0 === 'dispatches' ||
        key0 === 'protocol'
      )) {
        const err7 = {
          instancePath,
          schemaPath: '#/additionalProperties',
          keyword: 'additionalProperties',
          params: { additionalProperty: key0 },
          message: 'must NOT have additional properties',
        };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.eventId !== undefined) {
      if (typeof data.eventId !== 'string') {
        const err8 = {
          instancePath: instancePath + '/eventId',
          schemaPath: '#/properties/eventId/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
        };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
    }
    if (data.decision !== undefined) {
      let data1 = data.decision;
      if (typeof data1 !== 'string') {
        const err9 = {
          instancePath: instancePath + '/decision',
          schemaPath: '#/properties/decision/type',
          keyword: 'type',
          params: { type: 'string' },
          message: 'must be string',
        };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
      if (!(data1 === 'allow' || data1 === 'block' || data1 === 'cancel')) {
        const err10 = {
          instancePath: instancePath + '/decision',
          schemaPath: '#/properties/decision/enum',
          keyword: 'enum',
          params: { allowedValues: schema11.properties.decision.enum },
          message: 'must be equal to one of the allowed values',
        };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.reason !== undefined) {
      let data2 = data.reason;
      if (typeof data2 !== 'string' && data2 !== null) {
        const err11 = {
          instancePath: instancePath + '/reason',
          schemaPath: '#/properties/reason/type',
          keyword: 'type',
          params: { type: schema11.properties.reason.type },
          message: 'must be string,null',
        };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.context !== undefined) {
      let data3 = data.context;
      if (typeof data3 !== 'string' && data3 !== null) {
        const err12 = {
          instancePath: instancePath + '/context',
          schemaPath: '#/properties/context/type',
          keyword: 'type',
          params: { type: schema11.properties.context.type },
          message: 'must be string,null',
        };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
    if (data.permissionDecision !== undefined) {
      let data4 = data.permissionDecision;
      if (typeof data4 !== 'string' && data4 !== null) {
        const err13 = {
          instancePath: instancePath + '/permissionDecision',
          schemaPath: '#/properties/permissionDecision/type',
          keyword: 'type',
          params: { type: schema11.properties.permissionDecision.type },
          message: 'must be string,null',
        };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
    }
    if (data.dispatches !== undefined) {
      let data5 = data.dispatches;
      if (Array.isArray(data5)) {
        const len0 = data5.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data6 = data5[i0];
          if (data6 && typeof data6 == 'object' && !Array.isArray(data6)) {
            if (data6.rule === undefined) {
              const err14 = {
                instancePath: instancePath + '/dispatches/' + i0,
                schemaPath: '#/properties/dispatches/items/required',
                keyword: 'required',
                params: { missingProperty: 'rule' },
                message: "must have required property '" + 'rule' + "'",
              };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
            if (data6.source === undefined) {
              const err15 = {
                instancePath: instancePath + '/dispatches/' + i0,
                schemaPath: '#/properties/dispatches/items/required',
                keyword: 'required',
                params: { missingProperty: 'source' },
                message: "must have required property '" + 'source' + "'",
              };
              if (vErrors === null) {
                vErrors = [err15];
              } else {
                vErrors.push(err15);
              }
              errors++;
            }
            if (data6.outcome === undefined) {
              const err16 = {
                instancePath: instancePath + '/dispatches/' + i0,
                schemaPath: '#/properties/dispatches/items/required',
                keyword: 'required',
                params: { missingProperty: 'outcome' },
                message: "must have required property '" + 'outcome' + "'",
              };
              if (vErrors === null) {
                vErrors = [err16];
              } else {
                vErrors.push(err16);
              }
              errors++;
            }
            if (data6.exitCode === undefined) {
              const err17 = {
                instancePath: instancePath + '/dispatches/' + i0,
                schemaPath: '#/properties/dispatches/items/required',
                keyword: 'required',
                params: { missingProperty: 'exitCode' },
                message: "must have required property '" + 'exitCode' + "'",
              };
              if (vErrors === null) {
                vErrors = [err17];
              } else {
                vErrors.push(err17);
              }
              errors++;
            }
            if (data6.signal === undefined) {
              const err18 = {
                instancePath: instancePath + '/dispatches/' + i0,
                schemaPath: '#/properties/dispatches/items/required',
                keyword: 'required',
                params: { missingProperty: 'signal' },
                message: "must have required property '" + 'signal' + "'",
              };
              if (vErrors === null) {
                vErrors = [err18];
              } else {
                vErrors.push(err18);
              }
              errors++;
            }
            if (data6.timedOut === undefined) {
              const err19 = {
                instancePath: instancePath + '/dispatches/' + i0,
                schemaPath: '#/properties/dispatches/items/required',
                keyword: 'required',
                params: { missingProperty: 'timedOut' },
                message: "must have required property '" + 'timedOut' + "'",
              };
              if (vErrors === null) {
                vErrors = [err19];
              } else {
                vErrors.push(err19);
              }
              errors++;
            }
            if (data6.durationMs === undefined) {
              const err20 = {
                instancePath: instancePath + '/dispatches/' + i0,
                schemaPath: '#/properties/dispatches/items/required',
                keyword: 'required',
                params: { missingProperty: 'durationMs' },
                message: "must have required property '" + 'durationMs' + "'",
              };
              if (vErrors === null) {
                vErrors = [err20];
              } else {
                vErrors.push(err20);
              }
              errors++;
            }
            if (data6.skipReason === undefined) {
              const err21 = {
                instancePath: instancePath + '/dispatches/' + i0,
                schemaPath: '#/properties/dispatches/items/required',
                keyword: 'required',
                params: { missingProperty: 'skipReason' },
                message: "must have required property '" + 'skipReason' + "'",
              };
              if (vErrors === null) {
                vErrors = [err21];
              } else {
                vErrors.push(err21);
              }
              errors++;
            }
            for (const key1 in data6) {
              if (!(
                key1 === 'rule' ||
                key1 === 'source' ||
                key1 === 'outcome' ||
                key1 === 'exitCode' ||
                key1 === 'signal' ||
                key1 === 'timedOut' ||
                key1 === 'durationMs' ||
                key1 === 'skipReason'
              )) {
                const err22 = {
                  instancePath: instancePath + '/dispatches/' + i0,
                  schemaPath: '#/properties/dispatches/items/additionalProperties',
                  keyword: 'additionalProperties',
                  params: { additionalProperty: key1 },
                  message: 'must NOT have additional properties',
                };
                if (vErrors === null) {
                  vErrors = [err22];
                } else {
                  vErrors.push(err22);
                }
                errors++;
              }
            }
            if (data6.rule !== undefined) {
              if (typeof data6.rule !== 'string') {
                const err23 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/rule',
                  schemaPath: '#/properties/dispatches/items/properties/rule/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                };
                if (vErrors === null) {
                  vErrors = [err23];
                } else {
                  vErrors.push(err23);
                }
                errors++;
              }
            }
            if (data6.source !== undefined) {
              if (typeof data6.source !== 'string') {
                const err24 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/source',
                  schemaPath: '#/properties/dispatches/items/properties/source/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                };
                if (vErrors === null) {
                  vErrors = [err24];
                } else {
                  vErrors.push(err24);
                }
                errors++;
              }
            }
            if (data6.outcome !== undefined) {
              let data9 = data6.outcome;
              if (typeof data9 !== 'string') {
                const err25 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/outcome',
                  schemaPath: '#/properties/dispatches/items/properties/outcome/type',
                  keyword: 'type',
                  params: { type: 'string' },
                  message: 'must be string',
                };
                if (vErrors === null) {
                  vErrors = [err25];
                } else {
                  vErrors.push(err25);
                }
                errors++;
              }
              if (!(
                data9 === 'ok' ||
                data9 === 'failed' ||
                data9 === 'timeout' ||
                data9 === 'blocked' ||
                data9 === 'skipped'
              )) {
                const err26 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/outcome',
                  schemaPath: '#/properties/dispatches/items/properties/outcome/enum',
                  keyword: 'enum',
                  params: { allowedValues: schema11.properties.dispatches.items.properties.outcome.enum },
                  message: 'must be equal to one of the allowed values',
                };
                if (vErrors === null) {
                  vErrors = [err26];
                } else {
                  vErrors.push(err26);
                }
                errors++;
              }
            }
            if (data6.exitCode !== undefined) {
              let data10 = data6.exitCode;
              const _errs24 = errors;
              let valid4 = false;
              const _errs25 = errors;
              if (!(typeof data10 == 'number' && !(data10 % 1) && !isNaN(data10) && isFinite(data10))) {
                const err27 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/exitCode',
                  schemaPath: '#/properties/dispatches/items/properties/exitCode/anyOf/0/type',
                  keyword: 'type',
                  params: { type: 'integer' },
                  message: 'must be integer',
                };
                if (vErrors === null) {
                  vErrors = [err27];
                } else {
                  vErrors.push(err27);
                }
                errors++;
              }
              if (typeof data10 == 'number' && isFinite(data10)) {
                if (data10 > 9007199254740991 || isNaN(data10)) {
                  const err28 = {
                    instancePath: instancePath + '/dispatches/' + i0 + '/exitCode',
                    schemaPath: '#/properties/dispatches/items/properties/exitCode/anyOf/0/maximum',
                    keyword: 'maximum',
                    params: { comparison: '<=', limit: 9007199254740991 },
                    message: 'must be <= 9007199254740991',
                  };
                  if (vErrors === null) {
                    vErrors = [err28];
                  } else {
                    vErrors.push(err28);
                  }
                  errors++;
                }
                if (data10 < -9007199254740991 || isNaN(data10)) {
                  const err29 = {
                    instancePath: instancePath + '/dispatches/' + i0 + '/exitCode',
                    schemaPath: '#/properties/dispatches/items/properties/exitCode/anyOf/0/minimum',
                    keyword: 'minimum',
                    params: { comparison: '>=', limit: -9007199254740991 },
                    message: 'must be >= -9007199254740991',
                  };
                  if (vErrors === null) {
                    vErrors = [err29];
                  } else {
                    vErrors.push(err29);
                  }
                  errors++;
                }
              }
              var _valid0 = _errs25 === errors;
              valid4 = valid4 || _valid0;
              if (!valid4) {
                const _errs27 = errors;
                if (data10 !== null) {
                  const err30 = {
                    instancePath: instancePath + '/dispatches/' + i0 + '/exitCode',
                    schemaPath: '#/properties/dispatches/items/properties/exitCode/anyOf/1/type',
                    keyword: 'type',
                    params: { type: 'null' },
                    message: 'must be null',
                  };
                  if (vErrors === null) {
                    vErrors = [err30];
                  } else {
                    vErrors.push(err30);
                  }
                  errors++;
                }
                var _valid0 = _errs27 === errors;
                valid4 = valid4 || _valid0;
              }
              if (!valid4) {
                const err31 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/exitCode',
                  schemaPath: '#/properties/dispatches/items/properties/exitCode/anyOf',
                  keyword: 'anyOf',
                  params: {},
                  message: 'must match a schema in anyOf',
                };
                if (vErrors === null) {
                  vErrors = [err31];
                } else {
                  vErrors.push(err31);
                }
                errors++;
              } else {
                errors = _errs24;
                if (vErrors !== null) {
                  if (_errs24) {
                    vErrors.length = _errs24;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data6.signal !== undefined) {
              let data11 = data6.signal;
              if (typeof data11 !== 'string' && data11 !== null) {
                const err32 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/signal',
                  schemaPath: '#/properties/dispatches/items/properties/signal/type',
                  keyword: 'type',
                  params: { type: schema11.properties.dispatches.items.properties.signal.type },
                  message: 'must be string,null',
                };
                if (vErrors === null) {
                  vErrors = [err32];
                } else {
                  vErrors.push(err32);
                }
                errors++;
              }
            }
            if (data6.timedOut !== undefined) {
              if (typeof data6.timedOut !== 'boolean') {
                const err33 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/timedOut',
                  schemaPath: '#/properties/dispatches/items/properties/timedOut/type',
                  keyword: 'type',
                  params: { type: 'boolean' },
                  message: 'must be boolean',
                };
                if (vErrors === null) {
                  vErrors = [err33];
                } else {
                  vErrors.push(err33);
                }
                errors++;
              }
            }
            if (data6.durationMs !== undefined) {
              let data13 = data6.durationMs;
              if (!(typeof data13 == 'number' && isFinite(data13))) {
                const err34 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/durationMs',
                  schemaPath: '#/properties/dispatches/items/properties/durationMs/type',
                  keyword: 'type',
                  params: { type: 'number' },
                  message: 'must be number',
                };
                if (vErrors === null) {
                  vErrors = [err34];
                } else {
                  vErrors.push(err34);
                }
                errors++;
              }
            }
            if (data6.skipReason !== undefined) {
              let data14 = data6.skipReason;
              if (typeof data14 !== 'string' && data14 !== null) {
                const err35 = {
                  instancePath: instancePath + '/dispatches/' + i0 + '/skipReason',
                  schemaPath: '#/properties/dispatches/items/properties/skipReason/type',
                  keyword: 'type',
                  params: { type: schema11.properties.dispatches.items.properties.skipReason.type },
                  message: 'must be string,null',
                };
                if (vErrors === null) {
                  vErrors = [err35];
                } else {
                  vErrors.push(err35);
                }
                errors++;
              }
            }
          } else {
            const err36 = {
              instancePath: instancePath + '/dispatches/' + i0,
              schemaPath: '#/properties/dispatches/items/type',
              keyword: 'type',
              params: { type: 'object' },
              message: 'must be object',
            };
            if (vErrors === null) {
              vErrors = [err36];
            } else {
              vErrors.push(err36);
            }
            errors++;
          }
        }
      } else {
        const err37 = {
          instancePath: instancePath + '/dispatches',
          schemaPath: '#/properties/dispatches/type',
          keyword: 'type',
          params: { type: 'array' },
          message: 'must be array',
        };
        if (vErrors === null) {
          vErrors = [err37];
        } else {
          vErrors.push(err37);
        }
        errors++;
      }
    }
    if (data.protocol !== undefined) {
      let data15 = data.protocol;
      if (data15 && typeof data15 == 'object' && !Array.isArray(data15)) {
        if (data15.exitCode === undefined) {
          const err38 = {
            instancePath: instancePath + '/protocol',
            schemaPath: '#/properties/protocol/required',
            keyword: 'required',
            params: { missingProperty: 'exitCode' },
            message: "must have required property '" + 'exitCode' + "'",
          };
          if (vErrors === null) {
            vErrors = [err38];
          } else {
            vErrors.push(err38);
          }
          errors++;
        }
        if (data15.stdout === undefined) {
          const err39 = {
            instancePath: instancePath + '/protocol',
            schemaPath: '#/properties/protocol/required',
            keyword: 'required',
            params: { missingProperty: 'stdout' },
            message: "must have required property '" + 'stdout' + "'",
          };
          if (vErrors === null) {
            vErrors = [err39];
          } else {
            vErrors.push(err39);
          }
          errors++;
        }
        if (data15.stderr === undefined) {
          const err40 = {
            instancePath: instancePath + '/protocol',
            schemaPath: '#/properties/protocol/required',
            keyword: 'required',
            params: { missingProperty: 'stderr' },
            message: "must have required property '" + 'stderr' + "'",
          };
          if (vErrors === null) {
            vErrors = [err40];
          } else {
            vErrors.push(err40);
          }
          errors++;
        }
        for (const key2 in data15) {
          if (!(key2 === 'exitCode' || key2 === 'stdout' || key2 === 'stderr')) {
            const err41 = {
              instancePath: instancePath + '/protocol',
              schemaPath: '#/properties/protocol/additionalProperties',
              keyword: 'additionalProperties',
              params: { additionalProperty: key2 },
              message: 'must NOT have additional properties',
            };
            if (vErrors === null) {
              vErrors = [err41];
            } else {
              vErrors.push(err41);
            }
            errors++;
          }
        }
        if (data15.exitCode !== undefined) {
          let data16 = data15.exitCode;
          if (!(typeof data16 == 'number' && !(data16 % 1) && !isNaN(data16) && isFinite(data16))) {
            const err42 = {
              instancePath: instancePath + '/protocol/exitCode',
              schemaPath: '#/properties/protocol/properties/exitCode/type',
              keyword: 'type',
              params: { type: 'integer' },
              message: 'must be integer',
            };
            if (vErrors === null) {
              vErrors = [err42];
            } else {
              vErrors.push(err42);
            }
            errors++;
          }
          if (typeof data16 == 'number' && isFinite(data16)) {
            if (data16 > 9007199254740991 || isNaN(data16)) {
              const err43 = {
                instancePath: instancePath + '/protocol/exitCode',
                schemaPath: '#/properties/protocol/properties/exitCode/maximum',
                keyword: 'maximum',
                params: { comparison: '<=', limit: 9007199254740991 },
                message: 'must be <= 9007199254740991',
              };
              if (vErrors === null) {
                vErrors = [err43];
              } else {
                vErrors.push(err43);
              }
              errors++;
            }
            if (data16 < -9007199254740991 || isNaN(data16)) {
              const err44 = {
                instancePath: instancePath + '/protocol/exitCode',
                schemaPath: '#/properties/protocol/properties/exitCode/minimum',
                keyword: 'minimum',
                params: { comparison: '>=', limit: -9007199254740991 },
                message: 'must be >= -9007199254740991',
              };
              if (vErrors === null) {
                vErrors = [err44];
              } else {
                vErrors.push(err44);
              }
              errors++;
            }
          }
        }
        if (data15.stdout !== undefined) {
          if (typeof data15.stdout !== 'string') {
            const err45 = {
              instancePath: instancePath + '/protocol/stdout',
              schemaPath: '#/properties/protocol/properties/stdout/type',
              keyword: 'type',
              params: { type: 'string' },
              message: 'must be string',
            };
            if (vErrors === null) {
              vErrors = [err45];
            } else {
              vErrors.push(err45);
            }
            errors++;
          }
        }
        if (data15.stderr !== undefined) {
          if (typeof data15.stderr !== 'string') {
            const err46 = {
              instancePath: instancePath + '/protocol/stderr',
              schemaPath: '#/properties/protocol/properties/stderr/type',
              keyword: 'type',
              params: { type: 'string' },
              message: 'must be string',
            };
            if (vErrors === null) {
              vErrors = [err46];
            } else {
              vErrors.push(err46);
            }
            errors++;
          }
        }
      } else {
        const err47 = {
          instancePath: instancePath + '/protocol',
          schemaPath: '#/properties/protocol/type',
          keyword: 'type',
          params: { type: 'object' },
          message: 'must be object',
        };
        if (vErrors === null) {
          vErrors = [err47];
        } else {
          vErrors.push(err47);
        }
        errors++;
      }
    }
  } else {
    const err48 = {
      instancePath,
      schemaPath: '#/type',
      keyword: 'type',
      params: { type: 'object' },
      message: 'must be object',
    };
    if (vErrors === null) {
      vErrors = [err48];
    } else {
      vErrors.push(err48);
    }
    errors++;
  }
  validate10.errors = vErrors;
  return errors === 0;
}
