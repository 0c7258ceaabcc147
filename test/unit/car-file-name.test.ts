import { describe, expect, it } from "vitest";
import { attachment } from "@/lib/api/content-disposition";
import { carFileName } from "@/lib/assets/car-file-name";

const CID = "bafybeiaw2qvczwuniutes7vigyzapxmz4nul4p64onnyzqjz24w3qhuiai";

describe("the name a CAR download is saved under", () => {
  it("is the asset's name and its CID, ending .car", () => {
    expect(carFileName("My video", CID)).toBe(`My video-${CID}.car`);
  });

  it("keeps letters of any script, and replaces what file systems refuse", () => {
    expect(carFileName("Été à Kyōto 京都", CID)).toBe(`Été à Kyōto 京都-${CID}.car`);
    expect(carFileName('a/b\\c:d*e?f"g<h>i|j\u0007k', CID)).toBe(`a_b_c_d_e_f_g_h_i_j_k-${CID}.car`);
  });

  it("is neither hidden nor nameless, nor longer than 100 characters before the CID", () => {
    expect(carFileName("..hidden", CID)).toBe(`hidden-${CID}.car`);
    expect(carFileName(" . ", CID)).toBe(`asset-${CID}.car`);
    expect(carFileName("x".repeat(600), CID)).toBe(`${"x".repeat(100)}-${CID}.car`);
  });
});

describe("Content-Disposition: attachment", () => {
  it("names an ASCII file once as it is, and again in UTF-8", () => {
    expect(attachment("My video.car")).toBe(`attachment; filename="My video.car"; filename*=UTF-8''My%20video.car`);
  });

  it("gives old clients an ASCII stand-in, and the others the exact name", () => {
    expect(attachment('Été "x" 京.car')).toBe(`attachment; filename="_t_ _x_ _.car"; filename*=UTF-8''%C3%89t%C3%A9%20%22x%22%20%E4%BA%AC.car`);
    expect(attachment("it's (1)*.car")).toBe(`attachment; filename="it's (1)*.car"; filename*=UTF-8''it%27s%20%281%29%2A.car`);
  });
});
